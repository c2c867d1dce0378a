import { MY_EVENTS_TEXTS } from "@contract/event-page-texts";
import { type MyEvent, myEventGroup } from "@contract/events";
import { eventCoordinates, PLACE_TEXTS } from "@contract/places-texts";
import { CalendarIcon, CheckIcon, MapPinIcon, XIcon } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { useAuth } from "@/features/auth";
import { isUnreachable, NotSavedOffline, useOnline } from "@/features/shell";
import { formatEventTime } from "@/lib/format-date";
import { text, useTexts } from "@/lib/i18n";
import { initialOf } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { ListSkeleton } from "@/ui/page-skeleton";
import { toast } from "@/ui/use-toast";
import { useDecide, useRequests, useUserEvents } from "./api";
import { EventCover } from "./event-cover";
import { keepMyEvents } from "./keep-offline";

const GROUPS = [
  { id: "hosting", label: "hosting" },
  { id: "going", label: "going" },
  { id: "pending", label: "pending" },
] as const;

/** My Events: Hosting, Going, Pending; hosts also answer requests here. */
export function MyEventsPage() {
  const { user } = useAuth();
  const t = useTexts(MY_EVENTS_TEXTS);
  const events = useUserEvents(user?.id);
  const online = useOnline();
  const list = events.data ?? [];
  // No list read yet and none kept: "No Events" would tell someone going to eleven that they have none.
  const notSaved = events.data === undefined && (!online || isUnreachable(events.error));
  // Shown online: the list and the events in it are kept on the device, pages and tickets included, whether or
  // not the service worker was in control yet when the list was read.
  const userId = user?.id;
  const shown = online && events.isSuccess ? events.data : undefined;
  useEffect(() => {
    if (userId !== undefined && shown) void keepMyEvents(userId, shown);
  }, [userId, shown]);

  return (
    <section className="grid gap-5 px-4 pt-4">
      <header>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </header>
      {notSaved ? (
        <NotSavedOffline what={t("yourEvents")} />
      ) : events.isLoading ? (
        <ListSkeleton />
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-14 text-center">
          <CalendarIcon className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">{t("noEvents")}</h2>
          <p className="text-sm text-muted-foreground">{t("noEventsDetail")}</p>
        </div>
      ) : (
        GROUPS.map((group) => {
          const items = list.filter((e) => myEventGroup(e) === group.id);
          if (items.length === 0) return null;
          return (
            <section
              key={group.id}
              aria-labelledby={`group-${group.id}`}
              data-testid={`group-${group.id}`}
              className="grid gap-2"
            >
              <h2
                id={`group-${group.id}`}
                className="text-sm font-semibold tracking-wide text-muted-foreground uppercase"
              >
                {t(group.label)} <span className="font-normal">({items.length})</span>
              </h2>
              <ul className="grid gap-2">
                {items.map((event) => (
                  <MyEventCard key={event.id} event={event} timezone={user?.timezone} />
                ))}
              </ul>
            </section>
          );
        })
      )}
    </section>
  );
}

function statusLabel(event: MyEvent): keyof typeof MY_EVENTS_TEXTS {
  if (event.canceledAt) return "canceled";
  if (event.role === "host") return "host";
  if (event.status === "going") return "going";
  if (event.status === "waitlisted") return "waitlisted";
  return "pending";
}

function MyEventCard({ event, timezone }: { event: MyEvent; timezone: string | undefined }) {
  const t = useTexts(MY_EVENTS_TEXTS);
  const place = useTexts(PLACE_TEXTS);
  return (
    <li className="grid min-w-0 gap-2 rounded-2xl border border-border bg-card p-4 shadow-sm" data-testid="my-event">
      <div className="flex min-w-0 gap-3">
        <div className="size-16 shrink-0 overflow-hidden rounded-xl">
          <EventCover event={event} sizes="64px" />
        </div>
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex items-start justify-between gap-2">
            <Link href={`/events/${event.id}`} className="min-w-0 font-semibold hover:underline" dir="auto">
              {event.title}
            </Link>
            <Badge variant={event.canceledAt ? "destructive" : "secondary"} className="shrink-0">
              {t(statusLabel(event))}
            </Badge>
          </div>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarIcon className="size-4 shrink-0" aria-hidden />
            {formatEventTime(event.date, event.timezone, timezone)}
          </p>
          {(event.location || !eventCoordinates(event)) && (
            <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
              <MapPinIcon className="size-4 shrink-0" aria-hidden />
              {event.location && (
                <span className="truncate" dir="auto">
                  {event.location}
                </span>
              )}
              {/* A host sees at a glance which events nobody nearby can find. */}
              {!eventCoordinates(event) && (
                <span className="shrink-0">{event.location ? `· ${place("notOnMap")}` : place("locationNotSet")}</span>
              )}
            </p>
          )}
        </div>
      </div>
      {event.role === "host" && !event.canceledAt && <PendingRequests eventId={event.id} />}
    </li>
  );
}

/** Host approval: the host answers each pending request (a pending request would otherwise wait forever). */
function PendingRequests({ eventId }: { eventId: number }) {
  const t = useTexts(MY_EVENTS_TEXTS);
  const requests = useRequests(eventId);
  const decide = useDecide();
  const list = requests.data ?? [];
  if (list.length === 0) return null;
  const answer = (userId: number, name: string, decision: "approve" | "decline") =>
    decide.mutate(
      { eventId, userId, decision },
      {
        onSuccess: () =>
          toast({
            title: text(MY_EVENTS_TEXTS, decision === "approve" ? "requestApproved" : "requestDeclined"),
            description: name,
          }),
        onError: (error) =>
          toast({
            title: text(MY_EVENTS_TEXTS, "error"),
            description: text(MY_EVENTS_TEXTS, error.message.startsWith("409") ? "full" : "answerFailed"),
            variant: "destructive",
          }),
      },
    );
  return (
    <div className="grid gap-2 border-t border-border pt-2" data-testid="pending-requests">
      <p className="text-xs font-semibold text-muted-foreground">{t("pendingRequests")}</p>
      {list.map((r) => (
        <div key={r.user.id} className="flex flex-wrap items-center gap-2">
          <Link href={`/users/${r.user.id}`} className="flex min-w-0 flex-1 basis-36 items-center gap-2">
            <Avatar className="size-8">
              {r.user.profileImage && <AvatarImage src={r.user.profileImage} alt="" />}
              <AvatarFallback className="text-xs">{initialOf(r.user.fullName)}</AvatarFallback>
            </Avatar>
            <span className="truncate text-sm" dir="auto">
              {r.user.fullName}
            </span>
          </Link>
          <Button size="sm" onClick={() => answer(r.user.id, r.user.fullName, "approve")} disabled={decide.isPending}>
            <CheckIcon aria-hidden />
            {t("approve")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => answer(r.user.id, r.user.fullName, "decline")}
            disabled={decide.isPending}
          >
            <XIcon aria-hidden />
            {t("decline")}
          </Button>
        </div>
      ))}
    </div>
  );
}
