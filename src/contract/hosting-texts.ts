// Hosting's limits, texts and labels, apart from the schemas: the event screens read them without loading
// zod. hosting.ts re-exports what the server and the contract still name through it.

/** How often a series repeats: the values of recurrenceFrequencySchema. */
export const RECURRENCE_FREQUENCIES = ["weekly", "biweekly", "monthly"] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** An event asks at most this many questions of the people who go or apply. */
export const EVENT_QUESTIONS_MAX = 3;
export const QUESTION_TEXT_MAX = 200;
export const ANSWER_TEXT_MAX = 500;
/** How many plus-ones a host may let one person bring. */
export const GUESTS_PER_PERSON_MAX = 5;
export const UPDATE_MESSAGE_MAX = 1000;
/**
 * Updates one event may send in any 24 hours, and one guest may get from one series in any 24 hours (a guest
 * going to every date of a weekly series gets no more than a guest of one event): enough for news, too few to spam.
 */
export const UPDATES_PER_EVENT_PER_DAY = 10;

/** Co-hosts a host names when creating an event (more are added from the event page). */
export const COHOSTS_AT_CREATE_MAX = 5;

/**
 * The short code under a ticket's QR code: six characters without look-alikes (no 0/O, 1/I/L), random and
 * unique per event, read out and typed at the door (31^6, about 890 million codes).
 */
export const DOOR_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const DOOR_CODE_LENGTH = 6;
/** A door code as typed: case, spaces and dashes do not matter ("k7q-4mz" is K7Q4MZ). */
export const normalizeDoorCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, "");
/** "K7Q4MZ" shown as "K7Q 4MZ": two groups are easier to read out. */
export const formatDoorCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/** A ticket code is `<eventId>.<userId>.<signature>`: short enough for a small QR code. */
export const TICKET_CODE_MAX = 80;

/** How long a person offered a seat from the waitlist has to confirm it (confirm mode). */
export const SEAT_CONFIRM_MS = 60 * 60_000;

export const HOSTING_TEXTS = {
  answerRequired: (question: string) => `Please answer: ${question}`,
  unknownQuestion: "An answer names a question this event does not ask",
  tooManyGuests: (max: number) =>
    max === 0 ? "This event does not allow plus-ones" : `You can bring at most ${max} plus-one${max === 1 ? "" : "s"}`,
  notEnoughSeats: "Not enough seats left for you and your plus-ones",
  onlyHost: "Only the host can do this",
  onlyHosts: "Only the hosts can do this",
  cohostIsHost: "The host is already hosting this event",
  userNotFound: "User not found",
  cohostNotFound: "Not a co-host of this event",
  updatesOnlyGuests: "Only the event's guests and hosts can read its updates",
  tooManyUpdates: `An event can send at most ${UPDATES_PER_EVENT_PER_DAY} updates a day`,
  tooManySeriesUpdates: `A guest can get at most ${UPDATES_PER_EVENT_PER_DAY} updates a day from one series`,
  ticketOnlyGoing: "Only people going have a ticket",
  ticketNotFound: "Ticket not found",
  doorCodeBusy: "The ticket's code could not be made just now. Try again",
  alreadyCheckedIn: "Already checked in",
  youWereThere: "You were there",
  noSeatOffer: "No seat is waiting for your confirmation",
} as const;

/** The CSV file's columns, in order; one more column per question follows. */
export const GUEST_CSV_COLUMNS = ["Name", "Username", "Status", "Plus-ones", "Checked in", "Responded at"] as const;

export const SERIES_COUNT_MIN = 2;
export const SERIES_COUNT_MAX = 52;

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};
/** "Every Tuesday", "Every other Tuesday", "Monthly on the 3rd", from an occurrence's weekday and day in its zone. */
export function recurrenceLabel(frequency: RecurrenceFrequency, weekday: string, dayOfMonth: number): string {
  if (frequency === "weekly") return `Every ${weekday}`;
  if (frequency === "biweekly") return `Every other ${weekday}`;
  return `Monthly on the ${ordinal(dayOfMonth)}`;
}
