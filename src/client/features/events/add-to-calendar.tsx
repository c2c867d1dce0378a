import { addEventLinks, CALENDAR_TEXTS } from "@contract/calendar";
import { EVENT_PAGE_TEXTS } from "@contract/event-page-texts";
import type { EventDetail } from "@contract/events";
import { CalendarPlusIcon } from "lucide-react";
import { text, useTexts } from "@/lib/i18n";
import { pageOrigin } from "@/lib/page-origin";

/** The event's .ics file (Apple Calendar and any other app), and Google's and Outlook's own "new event" pages. */
export function AddToCalendar({ event }: { event: EventDetail }) {
  const links = addEventLinks(event, new URL(`/events/${event.id}`, pageOrigin()).href);
  const t = useTexts(EVENT_PAGE_TEXTS);
  const external = "text-sm font-medium text-primary hover:underline";
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <a
        href={links.apple}
        download
        className="flex min-h-11 items-center gap-2 text-sm font-medium text-primary hover:underline"
      >
        <CalendarPlusIcon className="size-4" aria-hidden />
        {text(CALENDAR_TEXTS, "addToCalendar")}
      </a>
      <a
        href={links.google}
        target="_blank"
        rel="noopener noreferrer"
        className={external}
        aria-label={t("addToGoogle")}
      >
        <span translate="no">Google</span>
      </a>
      <a
        href={links.outlook}
        target="_blank"
        rel="noopener noreferrer"
        className={external}
        aria-label={t("addToOutlook")}
      >
        <span translate="no">Outlook</span>
      </a>
    </div>
  );
}
