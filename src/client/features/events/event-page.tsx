import { EVENT_PAGE_TEXTS } from "@contract/event-page-texts";
import { eventCoordinates } from "@contract/places-texts";
import { ArrowLeftIcon, CalendarIcon, UsersIcon } from "lucide-react";
import { Link, useParams, useSearch } from "wouter";
import { useAuth } from "@/features/auth";
import { CohostNames, GuestSection, HostTools, RespondDialog, SeriesDates, SeriesLabel } from "@/features/hosting";
import { PeopleToMeet } from "@/features/matching";
import { ReportButton } from "@/features/safety";
import { MissingScreen } from "@/features/shell";
import { formatEventTime } from "@/lib/format-date";
import { useTexts } from "@/lib/i18n";
import { initialOf } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { AddToCalendar } from "./add-to-calendar";
import { useEvent } from "./api";
import { AttendeeList } from "./attendee-list";
import { EventCover } from "./event-cover";
import { EventPlace } from "./event-place";
import { GuestConversation } from "./guest-conversation";
import { MapPreview } from "./map-preview";
import { EventLiveBanner, ShareEventButton } from "./share-event-button";
import { useJoinFromLink } from "./use-join-from-link";
import { ViewerActions } from "./viewer-actions";

/** /events/{id}: the event with its people, the viewer's status and actions, and host tools. */
export function EventPage() {
  const params = useParams<{ id: string }>();
  const id = /^\d+$/.test(params.id ?? "") ? Number(params.id) : null;
  const event = useEvent(id);
  const { user } = useAuth();
  const t = useTexts(EVENT_PAGE_TEXTS);
  const live = new URLSearchParams(useSearch()).get("live") === "1";
  const joining = useJoinFromLink(event.data);

  // Offline, a read waits paused for the network: say so rather than show a skeleton that never fills.
  if (id === null || event.isError || (event.isPaused && !event.data)) {
    return (
      <MissingScreen
        title={t("notFound")}
        text={t("notFoundDetail")}
        error={event.error}
        onRetry={() => void event.refetch()}
      />
    );
  }
  if (!event.data) {
    return (
      <section className="grid gap-3 p-4" aria-busy>
        <Skeleton className="h-48 w-full rounded-2xl" />
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </section>
    );
  }
  const e = event.data;
  return (
    <article className="grid gap-4 pb-6">
      {joining.asking && (
        <RespondDialog
          event={e}
          status={joining.asking.status}
          done={joining.asking.done}
          onOpenChange={(open) => !open && joining.stopAsking()}
        />
      )}
      {/* A bar in the page's flow, above the cover: it scrolls away with the page rather than floating over
          what the page shows (a floating button hid the hosts' buttons as they scrolled to them). */}
      <div className="-mb-2 px-2 pt-2">
        <Button asChild variant="ghost" size="sm">
          <Link href="/my-events" data-testid="event-back">
            <ArrowLeftIcon className="rtl:-scale-x-100" aria-hidden />
            {t("back")}
          </Link>
        </Button>
      </div>
      <div className="relative h-52">
        <EventCover event={e} />
      </div>
      <div className="grid gap-4 px-4">
        {e.canceledAt && (
          <p className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">{t("canceled")}</p>
        )}
        <div className="flex items-start justify-between gap-2">
          <h1 className="min-w-0 text-2xl leading-tight font-semibold wrap-anywhere" dir="auto">
            {e.title}
          </h1>
          <Badge variant="secondary" className="capitalize">
            {e.type === "networking" ? t("typeNetworking") : t("typeSocial")}
          </Badge>
        </div>
        <div className="grid gap-1.5 text-sm text-muted-foreground">
          <p className="flex items-center gap-2">
            <CalendarIcon className="size-4" aria-hidden />
            {formatEventTime(e.date, e.timezone, user?.timezone)}
          </p>
          <SeriesLabel event={e} />
          <EventPlace event={e} />
          {eventCoordinates(e) && (
            <MapPreview
              point={eventCoordinates(e)}
              label={e.location ? t("mapOf", { place: e.location }) : t("mapOfThePlace")}
            />
          )}
          <p className="flex items-center gap-2">
            <UsersIcon className="size-4" aria-hidden />
            <span data-testid="capacity">
              {e.maxAttendees == null
                ? t("capacityUnlimited", { count: e.attendeeCount })
                : t("capacityMax", { count: e.attendeeCount, max: e.maxAttendees })}
            </span>
          </p>
        </div>
        {live && e.isHost && !e.canceledAt && <EventLiveBanner event={e} />}
        {e.description && (
          <p className="text-sm whitespace-pre-line" dir="auto">
            {e.description}
          </p>
        )}
        {e.host && (
          <Link href={`/users/${e.host.id}`} className="flex items-center gap-3 rounded-xl border border-border p-3">
            <Avatar>
              {e.host.profileImage && <AvatarImage src={e.host.profileImage} alt="" />}
              <AvatarFallback>{initialOf(e.host.fullName)}</AvatarFallback>
            </Avatar>
            <div>
              <p className="text-xs text-muted-foreground">{t("hostedBy")}</p>
              <p className="text-sm font-medium" dir="auto">
                {e.host.fullName}
              </p>
            </div>
          </Link>
        )}
        <CohostNames event={e} />
        <ViewerActions event={e} />
        {/* A group's plan is for its members: it has no public link to spread. */}
        {!e.canceledAt && e.groupId == null && !live && (
          <div>
            <ShareEventButton event={e} />
          </div>
        )}
        <SeriesDates event={e} timezone={user?.timezone} />
        <GuestSection event={e} />
        {(e.isHost || e.isCohost) && <HostTools event={e} />}
        {(e.isHost || e.viewerStatus === "going") && <GuestConversation eventId={e.id} />}
        {e.matchmaking && !e.canceledAt && e.viewerStatus === "going" && user && (
          <PeopleToMeet event={e} viewerId={user.id} />
        )}
        {/* A canceled event is not going to happen: nothing to put in a calendar. */}
        {!e.canceledAt && <AddToCalendar event={e} />}
        {user && user.id !== e.hostId && (
          <div className="-ms-2 -mt-2">
            <ReportButton targetType="event" targetId={e.id} label={t("reportEvent")} />
          </div>
        )}
        <AttendeeList event={e} />
      </div>
    </article>
  );
}
