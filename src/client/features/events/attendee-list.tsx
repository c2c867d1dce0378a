import { EVENT_TEXTS, type EventDetail } from "@contract/events";
import { Link } from "wouter";
import { initialOf } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";

/**
 * Who is going, as the viewer may see it. A list the hosts keep private says so under the count, never
 * an empty list that would read as nobody going.
 */
export function AttendeeList({
  event,
}: {
  event: Pick<EventDetail, "attendees" | "attendeeCount" | "guestListHidden">;
}) {
  return (
    <section className="grid gap-2">
      <h2 className="text-sm font-semibold">Attendees ({event.attendeeCount})</h2>
      {event.guestListHidden ? (
        <p className="text-sm text-muted-foreground">{EVENT_TEXTS.guestListPrivate(event.attendeeCount)}</p>
      ) : event.attendees.length === 0 ? (
        <p className="text-sm text-muted-foreground">{EVENT_TEXTS.noAttendees}</p>
      ) : (
        <ul className="grid gap-2">
          {event.attendees.map((a) => (
            <li key={a.id}>
              <Link href={`/users/${a.id}`} className="flex items-center gap-2 text-sm">
                <Avatar className="size-8">
                  {a.profileImage && <AvatarImage src={a.profileImage} alt="" />}
                  <AvatarFallback className="text-xs">{initialOf(a.fullName)}</AvatarFallback>
                </Avatar>
                <span dir="auto">{a.fullName}</span>
                {a.guests > 0 && (
                  <span className="text-muted-foreground" data-testid="attendee-guests">
                    +{a.guests}
                    <span className="sr-only"> (brings {a.guests === 1 ? "a guest" : `${a.guests} guests`})</span>
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
