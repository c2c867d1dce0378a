import { addEventLinks, CALENDAR_TEXTS } from "@contract/calendar";
import { CONVERSATION_TEXTS } from "@contract/event-conversation";
import type { EventDetail, ParticipantStatus } from "@contract/events";
import { coordinateText, eventCoordinates } from "@contract/places-texts";
import {
  ArrowLeftIcon,
  BellIcon,
  BellOffIcon,
  CalendarIcon,
  CalendarPlusIcon,
  MessagesSquareIcon,
  PencilIcon,
  UsersIcon,
} from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import { useAuth } from "@/features/auth";
import {
  asksBeforeJoining,
  CohostNames,
  GuestSection,
  HostTools,
  RespondDialog,
  SeriesDates,
  SeriesLabel,
} from "@/features/hosting";
import { ReportButton } from "@/features/safety";
import { MissingScreen } from "@/features/shell";
import { errorMessage } from "@/lib/api";
import { dayKey, formatEventTime } from "@/lib/format-date";
import { initialOf } from "@/lib/utils";
import { isoToZonedInput, zonedInputToIso } from "@/lib/zoned-input";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { Skeleton } from "@/ui/skeleton";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/use-toast";
import { useCancelEvent, useEvent, useEventConversation, useMuteConversation, useUpdateEvent } from "./api";
import { AttendeeList } from "./attendee-list";
import { CoverPicker } from "./cover-picker";
import { EventCover } from "./event-cover";
import { EventPlace } from "./event-place";
import { MapPreview } from "./map-preview";
import { approximateArea, type PickedPlace, PlacePicker } from "./place-picker";
import { EventLiveBanner, ShareEventButton } from "./share-event-button";
import { useJoinFromLink } from "./use-join-from-link";
import { useRespondNow } from "./use-respond-now";

const STATUS_TEXT: Record<ParticipantStatus, string> = {
  going: "You're going",
  pending: "Request pending",
  waitlisted: "On the waitlist",
  declined: "You declined",
};

/** /events/{id}: the event with its people, the viewer's status and actions, and host tools. */
export function EventPage() {
  const params = useParams<{ id: string }>();
  const id = /^\d+$/.test(params.id ?? "") ? Number(params.id) : null;
  const event = useEvent(id);
  const { user } = useAuth();
  const live = new URLSearchParams(useSearch()).get("live") === "1";
  const joining = useJoinFromLink(event.data);

  // Offline, a read waits paused for the network: say so rather than show a skeleton that never fills.
  if (id === null || event.isError || (event.isPaused && !event.data)) {
    return (
      <MissingScreen
        title="Event Not Found"
        text="The event you're looking for doesn't exist."
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
      <div className="relative h-52">
        <EventCover event={e} />
        <Button asChild variant="secondary" size="icon" className="absolute top-3 left-3 rounded-full">
          <Link href="/my-events" aria-label="Back">
            <ArrowLeftIcon />
          </Link>
        </Button>
      </div>
      <div className="grid gap-4 px-4">
        {e.canceledAt && (
          <p className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
            This event was canceled
          </p>
        )}
        <div className="flex items-start justify-between gap-2">
          <h1 className="min-w-0 text-2xl leading-tight font-semibold wrap-anywhere" dir="auto">
            {e.title}
          </h1>
          <Badge variant="secondary" className="capitalize">
            {e.type}
          </Badge>
        </div>
        <div className="grid gap-1.5 text-sm text-muted-foreground">
          <p className="flex items-center gap-2">
            <CalendarIcon className="size-4" aria-hidden />
            {formatEventTime(e.date, e.timezone, user?.timezone)}
          </p>
          <SeriesLabel event={e} timezone={user?.timezone} />
          <EventPlace event={e} />
          {eventCoordinates(e) && (
            <MapPreview point={eventCoordinates(e)} label={`Map of ${e.location || "the place"}`} />
          )}
          <p className="flex items-center gap-2">
            <UsersIcon className="size-4" aria-hidden />
            <span data-testid="capacity">
              {e.attendeeCount} going · {e.maxAttendees == null ? "Unlimited" : `${e.maxAttendees} max`}
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
              <p className="text-xs text-muted-foreground">Hosted by</p>
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
        {/* A canceled event is not going to happen: nothing to put in a calendar. */}
        {!e.canceledAt && <AddToCalendar event={e} />}
        {user && user.id !== e.hostId && (
          <div className="-mt-2 -ml-2">
            <ReportButton targetType="event" targetId={e.id} label="Report this event" />
          </div>
        )}
        <AttendeeList event={e} />
      </div>
    </article>
  );
}

/** The host's and going guests' group chat for this event, and its mute switch. */
function GuestConversation({ eventId }: { eventId: number }) {
  const conversation = useEventConversation(eventId, true);
  const mute = useMuteConversation(eventId);
  const [, navigate] = useLocation();
  const muted = conversation.data?.muted ?? false;
  return (
    <section aria-label={CONVERSATION_TEXTS.open} className="grid gap-3 rounded-xl border border-border p-3">
      <div className="flex items-center gap-3">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/12 text-primary">
          <MessagesSquareIcon className="size-4" aria-hidden />
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">{CONVERSATION_TEXTS.open}</p>
          <p className="text-xs text-muted-foreground">
            {conversation.isError ? "The conversation couldn't be loaded." : CONVERSATION_TEXTS.description}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <Button
          className="h-11 flex-1"
          disabled={!conversation.data}
          onClick={() => conversation.data && navigate(`/groups?group=${conversation.data.groupId}`)}
        >
          Open chat
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-11"
          aria-label={muted ? CONVERSATION_TEXTS.unmute : CONVERSATION_TEXTS.mute}
          aria-pressed={muted}
          disabled={!conversation.data || mute.isPending}
          onClick={() =>
            mute.mutate(!muted, {
              onSuccess: (state) =>
                toast({ title: state.muted ? CONVERSATION_TEXTS.muted : CONVERSATION_TEXTS.unmuted }),
              onError: () =>
                toast({ title: "Error", description: "Could not change the mute", variant: "destructive" }),
            })
          }
        >
          {muted ? <BellOffIcon aria-hidden /> : <BellIcon aria-hidden />}
        </Button>
      </div>
    </section>
  );
}

/** The event's .ics file (Apple Calendar and any other app), and Google's and Outlook's own "new event" pages. */
function AddToCalendar({ event }: { event: EventDetail }) {
  const links = addEventLinks(event, new URL(`/events/${event.id}`, window.location.origin).href);
  const external = "text-sm font-medium text-primary hover:underline";
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <a
        href={links.apple}
        download
        className="flex min-h-11 items-center gap-2 text-sm font-medium text-primary hover:underline"
      >
        <CalendarPlusIcon className="size-4" aria-hidden />
        {CALENDAR_TEXTS.addToCalendar}
      </a>
      <a
        href={links.google}
        target="_blank"
        rel="noopener noreferrer"
        className={external}
        aria-label="Add to Google Calendar"
      >
        Google
      </a>
      <a
        href={links.outlook}
        target="_blank"
        rel="noopener noreferrer"
        className={external}
        aria-label="Add to Outlook"
      >
        Outlook
      </a>
    </div>
  );
}

function ViewerActions({ event }: { event: EventDetail }) {
  const { user } = useAuth();
  const { respondNow: answer, isPending } = useRespondNow();
  const cancel = useCancelEvent(event.id);
  const [editing, setEditing] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [asking, setAsking] = useState<{ status: "going" | "pending" | "waitlisted"; done: string } | null>(null);
  const past = new Date(event.date).getTime() < Date.now();
  if (!user || event.canceledAt) return null;

  if (event.isHost) {
    return (
      <div className="flex gap-2">
        <Button variant="outline" onClick={() => setEditing(true)}>
          <PencilIcon aria-hidden />
          Edit
        </Button>
        <Button variant="destructive" disabled={cancel.isPending} onClick={() => setConfirmingCancel(true)}>
          Cancel event
        </Button>
        <ConfirmDialog
          open={confirmingCancel}
          onOpenChange={setConfirmingCancel}
          title="Cancel this event?"
          description="Everyone going, waiting or asking to join is told it is canceled. This cannot be undone."
          confirmLabel="Cancel event"
          cancelLabel="Keep event"
          destructive
          pending={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(undefined, {
              onSuccess: () => {
                setConfirmingCancel(false);
                toast({ title: "Event canceled", description: "Participants have been notified." });
              },
              onError: () =>
                toast({ title: "Error", description: "Failed to cancel the event", variant: "destructive" }),
            })
          }
        />
        {/* Remounting on open starts the form from the event as it is now, after any earlier save. */}
        <EditEventDialog key={String(editing)} event={event} open={editing} onOpenChange={setEditing} />
      </div>
    );
  }

  const full = event.maxAttendees != null && event.attendeeCount >= event.maxAttendees;
  const send = (status: ParticipantStatus, done: string) =>
    status !== "declined" && asksBeforeJoining(event) ? setAsking({ status, done }) : respondNow(status, done);
  const respondNow = (status: ParticipantStatus, done: string) => answer(event, user.id, status, done);
  const status = event.viewerStatus;
  return (
    <div className="grid gap-2 rounded-xl bg-muted/50 p-3" data-testid="viewer-status">
      <RespondDialog
        event={event}
        status={asking?.status ?? null}
        done={asking?.done ?? ""}
        onOpenChange={(open) => !open && setAsking(null)}
      />
      <p className="text-sm font-medium">
        {status ? STATUS_TEXT[status] : "You haven't answered yet"}
        {status === "waitlisted" && event.waitlistPosition != null && ` (#${event.waitlistPosition} in line)`}
      </p>
      {!past && (
        <div className="flex flex-wrap gap-2">
          {status === "going" && (
            <Button variant="outline" disabled={isPending} onClick={() => send("declined", "You left the event")}>
              Leave event
            </Button>
          )}
          {(status === "pending" || status === "waitlisted") && (
            <Button variant="outline" disabled={isPending} onClick={() => send("declined", "Request withdrawn")}>
              {status === "pending" ? "Withdraw request" : "Leave waitlist"}
            </Button>
          )}
          {(status === null || status === "declined") &&
            (event.type === "networking" ? (
              <Button disabled={isPending} onClick={() => send("pending", "Application Submitted")}>
                Apply
              </Button>
            ) : full ? (
              <Button disabled={isPending} onClick={() => send("waitlisted", "You're on the waitlist")}>
                Join waitlist
              </Button>
            ) : (
              <Button disabled={isPending} onClick={() => send("going", "You're going!")}>
                Join
              </Button>
            ))}
        </div>
      )}
    </div>
  );
}

function EditEventDialog({
  event,
  open,
  onOpenChange,
}: {
  event: EventDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateEvent(event.id);
  const [title, setTitle] = useState(event.title);
  const [description, setDescription] = useState(event.description);
  const [location, setLocation] = useState(event.location);
  const saved = eventCoordinates(event);
  const [place, setPlace] = useState<PickedPlace | null>(saved && { ...saved, label: event.location, source: "saved" });
  const [max, setMax] = useState(event.maxAttendees == null ? "" : String(event.maxAttendees));
  const [imageUrl, setImageUrl] = useState(event.imageUrl);
  const [following, setFollowing] = useState(false);
  // The wall clock of the event's own zone, as the page shows it (a newly picked place's zone when it has one).
  const zone = place?.timezone ?? event.timezone;
  const { date: initialDate, time: initialTime } = isoToZonedInput(event.date, event.timezone);
  const [date, setDate] = useState(initialDate);
  const [time, setTime] = useState(initialTime);
  // Today is the earliest choice, except that an event already past may keep its own day.
  const today = dayKey(new Date(), event.timezone);
  const minDate = initialDate < today ? initialDate : today;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !description.trim() || !date || !time) {
      toast({ title: "Missing Fields", description: "Please fill out all required fields", variant: "destructive" });
      return;
    }
    const cap = max.trim() === "" ? null : Number.parseInt(max, 10);
    // Only a moved date is sent: an event already under way keeps its date while other fields change.
    const moved = date !== initialDate || time !== initialTime;
    update.mutate(
      {
        title: title.trim(),
        description: description.trim(),
        location: location.trim(),
        // A moved or removed place is sent; "" clears it.
        ...(place?.latitude !== saved?.latitude || place?.longitude !== saved?.longitude
          ? {
              latitude: place ? coordinateText(place.latitude) : "",
              longitude: place ? coordinateText(place.longitude) : "",
              placeArea: approximateArea(place, location),
            }
          : {}),
        maxAttendees: cap,
        ...(imageUrl !== event.imageUrl ? { imageUrl } : {}),
        ...(moved || zone !== event.timezone ? { date: zonedInputToIso(date, time, zone) ?? "" } : {}),
        following,
      },
      {
        onSuccess: () => {
          toast({ title: "Event updated", description: "Attendees have been notified." });
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error) ?? "Failed to update the event",
            variant: "destructive",
          }),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Event</DialogTitle>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3">
          <Label htmlFor="edit-title">Event Name</Label>
          <Input id="edit-title" value={title} onChange={(e) => setTitle(e.target.value)} required />
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-2">
              <Label htmlFor="edit-date">Date</Label>
              <Input
                id="edit-date"
                type="date"
                min={minDate}
                value={date}
                onChange={(e) => setDate(e.target.value)}
                required
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="edit-time">Time</Label>
              <Input id="edit-time" type="time" value={time} onChange={(e) => setTime(e.target.value)} required />
            </div>
          </div>
          <Label htmlFor="edit-location">Location</Label>
          <Input id="edit-location" value={location} onChange={(e) => setLocation(e.target.value)} />
          <PlacePicker place={place} onPick={setPlace} locationGranted={false} />
          <Label htmlFor="edit-description">Description</Label>
          <Textarea
            id="edit-description"
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            required
          />
          <CoverPicker value={imageUrl} onChange={setImageUrl} event={event} />
          <Label htmlFor="edit-max">Maximum Attendees (blank for Unlimited)</Label>
          <Input id="edit-max" type="number" min={1} value={max} onChange={(e) => setMax(e.target.value)} />
          {event.seriesId != null && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={following} onChange={(e) => setFollowing(e.target.checked)} />
              Also change the following dates
            </label>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
