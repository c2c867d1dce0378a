import { defineTexts } from "./i18n/texts";
import { noticeWords } from "./notifications";
import type { ReminderOffset } from "./push";

interface ReminderEvent {
  id: number;
  title: string;
  location: string;
}

/** A reminder's words, in English: each reader reads it in their language (catalogs es/, ar/). */
export const REMINDER_TEXTS = defineTexts("reminders", {
  startsSoon:
    "{title} starts in {offset, plural, =15 {15 minutes} =60 {1 hour} =120 {2 hours} =1440 {1 day} other {1 week}}",
  startsSoonAt:
    "{title} starts in {offset, plural, =15 {15 minutes} =60 {1 hour} =120 {2 hours} =1440 {1 day} other {1 week}} · {location}",
  when: "{when}",
  tomorrow: "{title} is tomorrow",
  summary:
    "{going, plural, =0 {Going: nobody yet} other {Going ({going}): {goingNames}{goingMore, plural, =0 {} other { and {goingMore} more}}}} · {pending, plural, =0 {Pending: nobody yet} other {Pending ({pending}): {pendingNames}{pendingMore, plural, =0 {} other { and {pendingMore} more}}}}",
});

/**
 * The wording of reminders, written once: "<title> starts in 2 hours · <place>", then the event's time as every
 * screen writes it (formatEventTime: its zone's, and the reader's own when it differs), in the reader's language.
 */
export const REMINDER_NOTICES = {
  /** To each person going and to the host, once per offset they chose; the time as `eventTime` gives it. */
  startsSoon: (event: ReminderEvent, offset: ReminderOffset, eventTime: ReminderTime) => ({
    type: "event_reminder" as const,
    ...noticeWords(REMINDER_TEXTS, event.location ? "startsSoonAt" : "startsSoon", "when", {
      title: event.title,
      offset,
      ...(event.location ? { location: event.location } : {}),
      eventDate: new Date(eventTime.date).toISOString(),
      eventZone: eventTime.zone,
      ...(eventTime.viewerZone ? { viewerZone: eventTime.viewerZone } : {}),
    }),
    actionUrl: `/events/${event.id}`,
    eventId: event.id,
  }),
  /** To the host, the day before: who is coming and who is still waiting for an answer. */
  hostSummary: (event: ReminderEvent, going: string[], pending: string[]) => ({
    type: "event_reminder" as const,
    ...noticeWords(REMINDER_TEXTS, "tomorrow", "summary", {
      title: event.title,
      ...names("going", going),
      ...names("pending", pending),
    }),
    actionUrl: `/events/${event.id}`,
    eventId: event.id,
  }),
};

/** An event's time for a reminder: the instant, the event's zone and the reader's. */
interface ReminderTime {
  date: Date | string;
  zone: string;
  viewerZone?: string | null;
}

/** At most five names are written; the rest are counted, so a large event's notice stays one line. */
const NAMES_SHOWN = 5;
function names(label: "going" | "pending", list: string[]) {
  return {
    [label]: list.length,
    [`${label}Names`]: list.slice(0, NAMES_SHOWN).join(", "),
    [`${label}More`]: Math.max(0, list.length - NAMES_SHOWN),
  };
}
