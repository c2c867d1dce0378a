import { addEventLinks, CALENDAR_TEXTS } from "@contract/calendar";
import type { EventDetail } from "@contract/events";
import { CalendarPlusIcon } from "lucide-react";

/** The event's .ics file (Apple Calendar and any other app), and Google's and Outlook's own "new event" pages. */
export function AddToCalendar({ event }: { event: EventDetail }) {
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
