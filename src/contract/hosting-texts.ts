// Hosting's limits, texts and labels, apart from the schemas: the event screens read them without loading
// zod. hosting.ts re-exports what the server and the contract still name through it.

import { defineTexts, formatMessage } from "./i18n/texts";

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

/** How many hours before its start an event's check-in opens, unless its hosts set otherwise. */
export const CHECK_IN_OPENS_HOURS_DEFAULT = 12;
/** The earliest a host may open check-in: a week before the start. */
export const CHECK_IN_OPENS_HOURS_MAX = 168;
/** Link's events have a start only: check-in closes this many hours after it, when the event is taken to be over. */
export const CHECK_IN_CLOSES_AFTER_START_HOURS = 3;

/** How long a person offered a seat from the waitlist has to confirm it (confirm mode). */
export const SEAT_CONFIRM_MS = 60 * 60_000;

/** What the hosting rules answer (the server's errors) and the guest's "You were there". */
export const HOSTING_TEXTS = defineTexts("hosting", {
  answerRequired: "Please answer: {question}",
  unknownQuestion: "An answer names a question this event does not ask",
  tooManyGuests:
    "{max, plural, =0 {This event does not allow plus-ones} one {You can bring at most # plus-one} other {You can bring at most # plus-ones}}",
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
  checkInNotOpen:
    "{hours, plural, =0 {Check-in opens when the event starts} one {Check-in opens # hour before the event starts} other {Check-in opens # hours before the event starts}}",
  checkInClosed: "Check-in has closed: the event is over",
  youWereThere: "You were there",
  noSeatOffer: "No seat is waiting for your confirmation",
});

/** The CSV file's columns, in order; one more column per question follows. */
/** The hosts' guest list as a spreadsheet: its column headers and the words in its cells. */
export const GUEST_CSV_TEXTS = defineTexts("guestCsv", {
  name: "Name",
  username: "Username",
  status: "Status",
  plusOnes: "Plus-ones",
  checkedIn: "Checked in",
  respondedAt: "Responded at",
  yes: "yes",
  no: "no",
  going: "going",
  declined: "declined",
  pending: "pending",
  waitlisted: "waitlisted",
});

export const SERIES_COUNT_MIN = 2;
export const SERIES_COUNT_MAX = 52;

/** A series' repeat line and the create dialog's "Repeats" choice. */
export const HOSTING_SERIES_TEXTS = defineTexts("hostingSeries", {
  everyWeekday: "Every {weekday}",
  everyOtherWeekday: "Every other {weekday}",
  monthlyOn: "Monthly on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
  moreDates: "More dates",
  doesNotRepeat: "Does not repeat",
  everyWeek: "Every week",
  everyTwoWeeks: "Every 2 weeks",
  everyMonth: "Every month",
  repeats: "Repeats",
  numberOfDates: "Number of dates",
});

const RECURRENCE_KEYS = {
  weekly: "everyWeekday",
  biweekly: "everyOtherWeekday",
  monthly: "monthlyOn",
} as const satisfies Record<RecurrenceFrequency, keyof typeof HOSTING_SERIES_TEXTS>;

/** The message of a series' repeat line: "Every {weekday}", "Every other {weekday}", "Monthly on the {day}". */
export const recurrenceKey = (frequency: RecurrenceFrequency) => RECURRENCE_KEYS[frequency];

/** "Every Tuesday", "Every other Tuesday", "Monthly on the 3rd", from an occurrence's weekday and day in its zone. */
export function recurrenceLabel(frequency: RecurrenceFrequency, weekday: string, dayOfMonth: number): string {
  return formatMessage("en", HOSTING_SERIES_TEXTS[recurrenceKey(frequency)], { weekday, day: dayOfMonth });
}

/** The hosts' tools on the event page: co-hosts, updates, guest options, the guest list and check-in. */
export const HOST_TOOLS_TEXTS = defineTexts("hostTools", {
  statusGoing: "Going",
  statusApplied: "Applied",
  statusWaitlist: "Waitlist",
  statusDeclined: "Declined",
  error: "Error",
  hosting: "Hosting",
  downloadCsv: "Download guest list (CSV)",
  cancelFollowing: "Cancel this and following dates",
  cancelFollowingTitle: "Cancel this and the following dates?",
  cancelFollowingDescription: "Everyone going, waiting or asking to join those dates is told. Earlier dates stay.",
  cancelDates: "Cancel dates",
  keepThem: "Keep them",
  datesCanceled: "Dates canceled",
  participantsNotified: "Participants have been notified.",
  failedCancelDates: "Failed to cancel the dates",
  cohosts: "Co-hosts",
  cohost: "co-host",
  cohostOfFollowing: "co-host of this and the following dates",
  cohostRemoved: "Co-host removed",
  failedRemoveCohost: "Failed to remove the co-host",
  remove: "Remove",
  removeCohost: "Remove {name} as co-host",
  sendUpdateLabel: "Send an update to guests",
  whoGetsIt: "Who gets it",
  sendUpdate: "Send update",
  updateSent: "Update sent",
  guestsNotified: "Your guests have been notified.",
  failedSendUpdate: "Failed to send the update",
  loadingGuestList: "Loading the guest list...",
  noGuests: "No guests yet.",
  guestList: "Guest list",
  checkedIn: "Checked in",
  answer: "Answer",
  requestApproved: "Request approved",
  requestDeclined: "Request declined",
  failedAnswerRequest: "Failed to answer the request",
  approve: "Approve",
  decline: "Decline",
  failedCheckIn: "Failed to check in",
  checkIn: "Check in",
  checkInNamed: "Check in {name}",
  cohostAdded: "Co-host added",
  failedAddCohost: "Failed to add the co-host",
  makeCohost: "Make co-host",
  makeCohostNamed: "Make co-host {name}",
  checkedInNamed: "{name} is checked in",
  checkInFailed: "Check-in failed",
  noQrFound: "No QR code found in that picture",
  checkInGuests: "Check in guests",
  stopScanning: "Stop scanning",
  scanTickets: "Scan tickets",
  scanPhoto: "Scan a photo",
  ticketPhoto: "Ticket photo",
  ticketCode: "Ticket code",
  ticketCodeHint: "The 6 characters under the guest's QR code",
  cameraUnavailable: "The camera is not available: scan a photo or type the code",
  guestListEveryone: "Everyone",
  guestListAttendees: "People going",
  guestListHosts: "Only the hosts",
  guestOptionsSaved: "Guest options saved",
  titleAndFollowing: "{title}: this and the following dates",
  failedSave: "Failed to save",
  guestOptions: "Guest options",
  plusOnesPerPerson: "Plus-ones per person",
  whoSeesGoing: "Who sees who is going",
  confirmSeats: "Give the next person on the waitlist an hour to confirm a freed seat (otherwise it is theirs at once)",
  alsoFollowing: "Also change the following dates",
  saveGuestOptions: "Save guest options",
  questionsLegend: "Questions for people who join or apply",
  questionNumber: "Question {number}",
  required: "Required",
  removeQuestion: "Remove question {number}",
  addQuestion: "Add a question",
  none: "None",
});

/** What a guest sees of hosting on the event page and the deck: the hosts, the ticket, the updates, the answer. */
export const HOSTING_GUEST_TEXTS = defineTexts("hostingGuest", {
  cohostedBy: "Co-hosted by",
  /** Between two names of a list of hosts. */
  separator: ", ",
  hostedBy: "Hosted by {names}",
  seatOffer: "A spot opened up for you. Confirm by {time} to keep it.",
  spotConfirmed: "Spot confirmed",
  seeYouThere: "See you there!",
  error: "Error",
  failedConfirm: "Failed to confirm",
  confirmMySpot: "Confirm my spot",
  ticketQrAlt: "Your ticket's QR code",
  orGiveCode: "Or give this code at the door",
  ticketNotLoaded: "Your ticket could not be loaded. Try again when online.",
  yourTicket: "Your ticket",
  showAtDoor: "Show this at the door; it works offline too.",
  showTicket: "Show ticket",
  updatesFromHosts: "Updates from the hosts",
  aHost: "A host",
  missingAnswer: "Missing answer",
  /** Under a required question left empty. */
  answerNeeded: "Please answer this question",
  failedRespond: "Failed to update your response",
  apply: "Apply",
  join: "Join",
  hostsSeeAnswers: "The hosts see your answers with your response.",
  plusOnes: "Plus-ones",
  justMe: "Just me",
  mePlus: "Me + {count}",
  cancel: "Cancel",
  sendApplication: "Send application",
  confirm: "Confirm",
  metAt: "Met at",
});
