import type { ParticipantStatus } from "./events";
import { defineTexts } from "./i18n/texts";
import { type NoticeWords, type NotificationType, noticeWords } from "./notifications";

/** The event a notice is about: its title is quoted and its page is where the notice leads. */
interface NoticeEvent {
  id: number;
  title: string;
}

interface EventNotice extends NoticeWords {
  type: NotificationType;
  actionUrl: string | null;
  /** The event it is about: a notice reaches only those who may open the event, and nobody once it is hidden. */
  eventId?: number;
}

/** Every notice about an event, in English: each reader reads it in their language (catalogs es/, ar/). */
export const EVENT_NOTICE_TEXTS = defineTexts("eventNotices", {
  updatedTitle: "Event updated",
  updated: "{title} has been updated",
  /** What changed, each part only when it did; `title` is the name the guest knew it by. */
  changed:
    "{title} has changed.{renamed, select, yes { New name: {newTitle}.} other {}}{moved, select, yes { New time: {when}.} other {}}{placed, select, yes { New place: {place}.} removed { It no longer has a place.} other {}}",
  canceledTitle: "Event canceled",
  canceled: "{title} has been canceled",
  canceledWithAccount: "{title} has been canceled: its host deleted their account",
  newParticipantTitle: "New participant",
  going: "{name} is going to {title}",
  waitlisted: "{name} joined the waitlist for {title}",
  asked: "{name} asked to join {title}",
  offWaitlistTitle: "You're off the waitlist",
  offWaitlist: "A spot opened up: you're going to {title}",
  hostUpdateTitle: "Update: {title}",
  checkedInTitle: "You're checked in",
  checkedIn: "Welcome to {title}",
  cohostAddedTitle: "You're a co-host",
  cohostAdded: "You now co-host {title}",
  seatOfferedTitle: "A spot opened up",
  seatOffered: "A spot opened up at {title}: confirm within an hour to keep it",
  seatLapsedTitle: "Your spot was passed on",
  seatLapsed: "You didn't confirm in time: your spot at {title} went to the next person",
  approvedTitle: "Request approved",
  approved: "You're going to {title}",
  declinedTitle: "Request declined",
  declined: "Your request to join {title} was declined",
  newEventTitle: "New event",
  hosting: "{name} is hosting {title}",
  /** A group plan's poll (the words of POLL_TEXTS' notices, with the time written in each reader's language). */
  pollDecidedTitle: "Plan decided",
  pollGoing: "{title} is on {when}. You voted yes, so you're going.",
  pollAsk: "{title} is on {when}. Are you going?",
  pollNudgeTitle: "Your vote is missing",
  pollNudge: "Vote on the options for {title}: it decides itself in a day.",
});

type Key = keyof typeof EVENT_NOTICE_TEXTS;
/** A notice's words from these texts; the event's title (and a person's name) are values, kept as written. */
const words = (title: Key | { said: string }, message: Key | { said: string }, values: Record<string, string>) =>
  noticeWords(EVENT_NOTICE_TEXTS, title, message, values);

/** A group plan's poll: its decision for one member (their own zone), and the nudge to vote. */
export const POLL_NOTICES = {
  decided: (event: { title: string; date: Date; zone: string; viewerZone: string | null }, votedYes: boolean) =>
    noticeWords(EVENT_NOTICE_TEXTS, "pollDecidedTitle", votedYes ? "pollGoing" : "pollAsk", {
      title: event.title,
      eventDate: event.date.toISOString(),
      eventZone: event.zone,
      ...(event.viewerZone ? { viewerZone: event.viewerZone } : {}),
    }),
  nudge: (event: { title: string }) =>
    noticeWords(EVENT_NOTICE_TEXTS, "pollNudgeTitle", "pollNudge", { title: event.title }),
};

/** What an event was before an edit, and is after it: what its guests are told changed. */
export interface EventEdit {
  id: number;
  title: string;
  date: Date;
  timezone: string;
  location: string;
}

/**
 * The values of "what changed": the name the guests knew, then the new name, time (written for each reader, in
 * their zone too) and place, each only when it changed. Null when none of them did (a new description, a cover).
 */
function changesOf(before: EventEdit, after: EventEdit): Record<string, string> | null {
  const renamed = before.title !== after.title;
  const moved = before.date.getTime() !== after.date.getTime() || before.timezone !== after.timezone;
  const place = after.location.trim();
  const placed = before.location.trim() === place ? "no" : place ? "yes" : "removed";
  if (!renamed && !moved && placed === "no") return null;
  return {
    title: before.title,
    renamed: renamed ? "yes" : "no",
    ...(renamed ? { newTitle: after.title } : {}),
    moved: moved ? "yes" : "no",
    ...(moved ? { eventDate: after.date.toISOString(), eventZone: after.timezone } : {}),
    placed,
    ...(placed === "yes" ? { place } : {}),
  };
}

/** Where a notice about an event leads, and which event it is about. */
const about = (event: NoticeEvent) => ({ actionUrl: `/events/${event.id}`, eventId: event.id });

/** The wording of every notification about an event, written once. */
export const EVENT_NOTICES = {
  /** To those going, after the host edits the event: what changed (time, place, name), else that it did. */
  updated: (before: EventEdit, after: EventEdit): EventNotice => {
    const changes = changesOf(before, after);
    return {
      type: "event_update",
      ...(changes
        ? words("updatedTitle", "changed", changes)
        : words("updatedTitle", "updated", { title: after.title })),
      ...about(after),
    };
  },
  /** To those going, waiting or asking, after the host cancels. */
  canceled: (event: NoticeEvent): EventNotice => ({
    type: "event_canceled",
    ...words("canceledTitle", "canceled", { title: event.title }),
    ...about(event),
  }),
  /** The same people when the host deletes their account: the event's page is gone with it. */
  canceledWithAccount: (event: Pick<NoticeEvent, "title">): EventNotice => ({
    type: "event_canceled",
    ...words("canceledTitle", "canceledWithAccount", { title: event.title }),
    actionUrl: null,
  }),
  /** To the host, when someone goes, joins the waitlist or asks to join. */
  newParticipant: (event: NoticeEvent, name: string, status: Exclude<ParticipantStatus, "declined">): EventNotice => ({
    type: "new_participant",
    ...words("newParticipantTitle", status === "going" ? "going" : status === "waitlisted" ? "waitlisted" : "asked", {
      name,
      title: event.title,
    }),
    ...about(event),
  }),
  /** To the first waitlisted person, when a seat they waited for opens up. */
  offWaitlist: (event: NoticeEvent): EventNotice => ({
    type: "participant_update",
    ...words("offWaitlistTitle", "offWaitlist", { title: event.title }),
    ...about(event),
  }),
  /** To the guests a host or co-host sends an update to: the message itself, with the event's name. */
  hostUpdate: (event: NoticeEvent, message: string): EventNotice => ({
    type: "event_update",
    ...words("hostUpdateTitle", { said: message }, { title: event.title }),
    ...about(event),
  }),
  /** To a guest the hosts just checked in: their open event page turns to "You were there" at once. */
  checkedIn: (event: NoticeEvent): EventNotice => ({
    type: "participant_update",
    ...words("checkedInTitle", "checkedIn", { title: event.title }),
    ...about(event),
  }),
  /** To a person the host made a co-host. */
  cohostAdded: (event: NoticeEvent): EventNotice => ({
    type: "participant_update",
    ...words("cohostAddedTitle", "cohostAdded", { title: event.title }),
    ...about(event),
  }),
  /** To the first waitlisted person when the host lets them confirm a freed seat within the hour. */
  seatOffered: (event: NoticeEvent): EventNotice => ({
    type: "participant_update",
    ...words("seatOfferedTitle", "seatOffered", { title: event.title }),
    ...about(event),
  }),
  /** To the person whose hour to confirm an offered seat ran out. */
  seatLapsed: (event: NoticeEvent): EventNotice => ({
    type: "participant_update",
    ...words("seatLapsedTitle", "seatLapsed", { title: event.title }),
    ...about(event),
  }),
  /** To the applicant, when the host decides on their request. */
  requestDecided: (event: NoticeEvent, approved: boolean): EventNotice => ({
    type: "participant_update",
    ...(approved
      ? words("approvedTitle", "approved", { title: event.title })
      : words("declinedTitle", "declined", { title: event.title })),
    ...about(event),
  }),
  /** To a host's followers when the host publishes an event. */
  newEvent: (event: NoticeEvent, host: string): EventNotice => ({
    type: "event_notification",
    ...words("newEventTitle", "hosting", { name: host, title: event.title }),
    ...about(event),
  }),
};
