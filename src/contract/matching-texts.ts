// Matchmaking's limits and texts, apart from its schemas (matching.ts): the event page's "People to meet"
// reads them without loading zod, and the server writes its refusals, reasons and notices with them.
import { defineTexts } from "./i18n/texts";

/** What a person offers or seeks: a few short phrases ("product design", "seed investors"), enough to say it. */
export const PHRASES_MAX = 5;
export const PHRASE_MAX = 40;
/** The lengths a host may give the meetings of an event. */
export const MEETING_SLOT_MINUTES = [10, 15, 20, 30] as const;
export type MeetingSlotMinutes = (typeof MEETING_SLOT_MINUTES)[number];
export const MEETING_SLOT_MINUTES_DEFAULT: MeetingSlotMinutes = 15;
/** Named places to meet at ("Table 4"): a large hall's tables, and no more than a host types by hand. */
export const MEETING_SPOTS_MAX = 50;
export const MEETING_SPOT_MAX = 40;
/** Events have a start only: meetings are booked from the start until this many hours later. */
export const MEETING_WINDOW_HOURS = 3;
/** Requests one person may send at one event, whatever became of them: enough to meet, too few to spam. */
export const MEETING_REQUESTS_PER_EVENT = 10;
export const MEETING_NOTE_MAX = 280;
/** The people to meet listed at once, best first. */
export const MATCHES_MAX = 20;
/** How long before an accepted meeting both people are reminded. */
export const MEETING_REMINDER_MINUTES = 10;

export const MATCH_REASON_KINDS = ["offerSeek", "seekOffer", "interests", "skills", "friends", "bio", "free"] as const;
export type MatchReasonKind = (typeof MATCH_REASON_KINDS)[number];
export const MEETING_STATUSES = ["pending", "accepted", "declined", "canceled"] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
/** A pending or accepted meeting holds its time for both people. */
export const HOLDING_STATUSES = ["pending", "accepted"] as const satisfies readonly MeetingStatus[];
export const REQUEST_STATES = ["none", "sent", "received", "mutual"] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** What the matching rules answer (the server's refusals). */
export const MATCHING_TEXTS = defineTexts("matching", {
  off: "This event has no matchmaking",
  onlyGoing: "Only people going to this event can meet others here",
  optInFirst: "Turn on People to meet for this event first",
  notTaking: "This person isn't meeting people at this event",
  notYourself: "You can't ask yourself to meet",
  offGrid: "Pick one of the event's meeting times",
  slotPassed: "That meeting time has already started",
  youAreBusy: "You already have a meeting at that time",
  theyAreBusy: "They already have a meeting at that time",
  tooManyRequests: `You can ask for at most ${MEETING_REQUESTS_PER_EVENT} meetings at one event`,
  meetingNotFound: "Meeting not found",
  onlyAsked: "Only the person asked can accept or decline",
  meetingClosed: "This meeting can no longer change",
  statsHostsOnly: "Only the hosts can see the meeting numbers",
});

/** What the matching schemas answer when a field breaks their rules. */
export const MATCHING_RULES_TEXTS = defineTexts("matchingRules", {
  phraseRequired: "A phrase needs at least one character",
  phraseTooLong: `A phrase is at most ${PHRASE_MAX} characters`,
  tooManyPhrases: `At most ${PHRASES_MAX} phrases`,
  slotMinutes: `A meeting lasts ${MEETING_SLOT_MINUTES.join(", ")} minutes`,
  spotRequired: "A spot needs a name",
  spotTooLong: `A spot's name is at most ${MEETING_SPOT_MAX} characters`,
  tooManySpots: `At most ${MEETING_SPOTS_MAX} spots`,
  noteTooLong: `A note is at most ${MEETING_NOTE_MAX} characters`,
  oneChange: "Send a status or a new time",
});

/**
 * Why someone is suggested, in the viewer's language, with the actual phrases: `{phrases}` and `{list}` are
 * lists written in that language, `{name}` a mutual friend's name.
 */
export const MATCH_REASON_TEXTS = defineTexts("matchReasons", {
  offerSeek: "Offers {phrases}, which you seek",
  seekOffer: "Seeks {phrases}, which you offer",
  interests: "{count, plural, one {1 shared interest: {list}} other {# shared interests: {list}}}",
  skills: "{count, plural, one {1 shared skill: {list}} other {# shared skills: {list}}}",
  friends:
    "{others, plural, =0 {{name} is a friend of both of you} one {{name} and 1 other are friends of both of you} other {{name} and # others are friends of both of you}}",
  bio: "Your work and bios have a lot in common",
  free: "You're both free around the event",
});

/** Notices about meetings, each naming the other person and the meeting's time ({when}: the event's zone, and yours). */
export const MEETING_NOTICE_TEXTS = defineTexts("meetingNotices", {
  requestTitle: "Meeting request",
  request: "{name} asks to meet at {title}: {when}",
  acceptedTitle: "Meeting accepted",
  accepted: "{name} will meet you at {title}: {when}",
  acceptedAt: "{name} will meet you at {title}, {spot}: {when}",
  declinedTitle: "Meeting declined",
  declined: "{name} can't meet at {title}: {when}",
  newTimeTitle: "New meeting time",
  newTime: "{name} proposes another time at {title}: {when}",
  canceledTitle: "Meeting canceled",
  canceled: "{name} canceled your meeting at {title}: {when}",
  /** Across a block or an account's deletion: the other side reads that it is canceled, not why nor by whom. */
  canceledQuietly: "Your meeting at {title} was canceled: {when}",
  reminderTitle: "Meeting in {minutes} minutes",
  reminder: "With {name} at {title}: {when}",
  reminderAt: "With {name} at {title}, {spot}: {when}",
  /** A calendar entry of an accepted meeting. */
  calendarSummary: "Meeting with {name} · {title}",
});

/** The event page's "People to meet": opting in, suggestions, asking and the meetings. */
export const PEOPLE_TO_MEET_TEXTS = defineTexts("peopleToMeet", {
  title: "People to meet",
  intro: "Say what you offer and what you seek, and meet the right people here in short one-to-one meetings.",
  optIn: "Show me to others here",
  optInHint: "Nobody sees you in People to meet until this is on.",
  offering: "What you offer",
  seeking: "What you seek",
  addPhrase: "Add",
  phrasePlaceholder: "e.g. product design",
  seekPlaceholder: "e.g. seed investors",
  /** The profile's lists of phrases, typed with commas between them. */
  phrasesPlaceholder: "e.g. product design, mentoring",
  removePhrase: "Remove {phrase}",
  phrasesFull: "{max} phrases at most",
  save: "Save",
  saved: "Saved",
  failedSave: "Couldn't save",
  suggestions: "Suggested for you",
  loadingSuggestions: "Finding people to meet…",
  noSuggestions: "No one to suggest yet. Check back as more people join.",
  score: "{score}% match",
  askToMeet: "Ask to meet",
  askToMeetNamed: "Ask {name} to meet",
  asked: "Request sent",
  theyAsked: "Wants to meet you",
  meeting: "You're meeting",
  pickTime: "Pick a time",
  free: "Free",
  taken: "Taken",
  slotTaken: "{time}, taken",
  note: "Note (optional)",
  notePlaceholder: "What would you like to talk about?",
  send: "Send request",
  sent: "Request sent",
  failedSend: "Couldn't send the request",
  noFreeSlots: "No free time left for the two of you.",
  yourMeetings: "Your meetings",
  noMeetings: "No meetings yet.",
  withName: "With {name}",
  statusPending: "Waiting for an answer",
  statusAwaitingYou: "Asks to meet you",
  statusAccepted: "Accepted",
  statusDeclined: "Declined",
  statusCanceled: "Canceled",
  accept: "Accept",
  decline: "Decline",
  newTime: "New time",
  cancel: "Cancel meeting",
  failedChange: "Couldn't change the meeting",
  at: "at {spot}",
  agenda: "Your agenda",
  keptOffline: "Saved on this device",
  loadFailed: "Couldn't load. Try again.",
  retry: "Retry",
  close: "Close",
});

/** The host's side: turning matchmaking on in the event dialogs, and its numbers in Hosting. */
export const MATCHMAKING_SETTINGS_TEXTS = defineTexts("matchmakingSettings", {
  matchmaking: "People to meet",
  matchmakingHint: "Guests going can say what they offer and seek, and book short meetings with each other.",
  slotMinutes: "Meeting length",
  minutes: "{minutes} min",
  spots: "Meeting spots (optional)",
  spotsHint: "One per line, e.g. Table 4",
  stats: "Meetings",
  optedIn: "Opted in",
  requests: "Requests",
  accepted: "Accepted",
  declined: "Declined",
  canceled: "Canceled",
});
