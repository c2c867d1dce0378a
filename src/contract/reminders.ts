import { REMINDER_OFFSET_LABELS, type ReminderOffset } from "./push";

interface ReminderEvent {
  id: number;
  title: string;
  location: string;
}

/**
 * The wording of reminders, written once: "<title> starts in 2 hours · <place>", then the event's time as every
 * screen writes it (formatEventTime: its zone's, and the reader's own when it differs).
 */
export const REMINDER_NOTICES = {
  /** To each person going and to the host, once per offset they chose. */
  startsSoon: (event: ReminderEvent, offset: ReminderOffset, eventTime: string) => ({
    type: "event_reminder" as const,
    title: `${event.title} starts in ${REMINDER_OFFSET_LABELS[offset]}${event.location ? ` · ${event.location}` : ""}`,
    message: eventTime,
    actionUrl: `/events/${event.id}`,
    eventId: event.id,
  }),
  /** To the host, the day before: who is coming and who is still waiting for an answer. */
  hostSummary: (event: ReminderEvent, going: string[], pending: string[]) => ({
    type: "event_reminder" as const,
    title: `${event.title} is tomorrow`,
    message: `${namesOrNone("Going", going)} · ${namesOrNone("Pending", pending)}`,
    actionUrl: `/events/${event.id}`,
    eventId: event.id,
  }),
};

/** At most five names are written; the rest are counted, so a large event's notice stays one line. */
const NAMES_SHOWN = 5;
function namesOrNone(label: string, names: string[]) {
  if (names.length === 0) return `${label}: nobody yet`;
  const shown = names.slice(0, NAMES_SHOWN).join(", ");
  return `${label} (${names.length}): ${shown}${names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : ""}`;
}
