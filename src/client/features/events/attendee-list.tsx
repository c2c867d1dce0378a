import { EVENT_PAGE_TEXTS } from "@contract/event-page-texts";
import { EVENT_TEXTS, type EventDetail } from "@contract/events";
import { Link } from "wouter";
import { useTexts } from "@/lib/i18n";
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
  const t = useTexts(EVENT_PAGE_TEXTS);
  const events = useTexts(EVENT_TEXTS);
  return (
    <section className="grid gap-2">
      <h2 className="text-sm font-semibold">{t("attendees", { count: event.attendeeCount })}</h2>
      {event.guestListHidden ? (
        <p className="text-sm text-muted-foreground">{events("guestListPrivate", { going: event.attendeeCount })}</p>
      ) : event.attendees.length === 0 ? (
        <p className="text-sm text-muted-foreground">{events("noAttendees")}</p>
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
                    <span className="sr-only"> {t("brings", { count: a.guests })}</span>
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
