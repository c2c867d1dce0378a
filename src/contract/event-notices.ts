import type { ParticipantStatus } from "./events";
import type { NotificationType } from "./notifications";

/** The event a notice is about: its title is quoted and its page is where the notice leads. */
interface NoticeEvent {
  id: number;
  title: string;
}

interface EventNotice {
  type: NotificationType;
  title: string;
  message: string;
  actionUrl: string | null;
  /** The event it is about: a notice reaches only those who may open the event, and nobody once it is hidden. */
  eventId?: number;
}

/** Where a notice about an event leads, and which event it is about. */
const about = (event: NoticeEvent) => ({ actionUrl: `/events/${event.id}`, eventId: event.id });

/** The wording of every notification about an event, written once. */
export const EVENT_NOTICES = {
  /** To those going, after the host edits the event. */
  updated: (event: NoticeEvent): EventNotice => ({
    type: "event_update",
    title: "Event updated",
    message: `${event.title} has been updated`,
    ...about(event),
  }),
  /** To those going, waiting or asking, after the host cancels. */
  canceled: (event: NoticeEvent): EventNotice => ({
    type: "event_canceled",
    title: "Event canceled",
    message: `${event.title} has been canceled`,
    ...about(event),
  }),
  /** The same people when the host deletes their account: the event's page is gone with it. */
  canceledWithAccount: (event: Pick<NoticeEvent, "title">): EventNotice => ({
    type: "event_canceled",
    title: "Event canceled",
    message: `${event.title} has been canceled: its host deleted their account`,
    actionUrl: null,
  }),
  /** To the host, when someone goes, joins the waitlist or asks to join. */
  newParticipant: (event: NoticeEvent, name: string, status: Exclude<ParticipantStatus, "declined">): EventNotice => ({
    type: "new_participant",
    title: "New participant",
    message:
      status === "going"
        ? `${name} is going to ${event.title}`
        : status === "waitlisted"
          ? `${name} joined the waitlist for ${event.title}`
          : `${name} asked to join ${event.title}`,
    ...about(event),
  }),
  /** To the first waitlisted person, when a seat they waited for opens up. */
  offWaitlist: (event: NoticeEvent): EventNotice => ({
    type: "participant_update",
    title: "You're off the waitlist",
    message: `A spot opened up: you're going to ${event.title}`,
    ...about(event),
  }),
  /** To the guests a host or co-host sends an update to: the message itself, with the event's name. */
  hostUpdate: (event: NoticeEvent, message: string): EventNotice => ({
    type: "event_update",
    title: `Update: ${event.title}`,
    message,
    ...about(event),
  }),
  /** To a guest the hosts just checked in: their open event page turns to "You were there" at once. */
  checkedIn: (event: NoticeEvent): EventNotice => ({
    type: "participant_update",
    title: "You're checked in",
    message: `Welcome to ${event.title}`,
    ...about(event),
  }),
  /** To a person the host made a co-host. */
  cohostAdded: (event: NoticeEvent): EventNotice => ({
    type: "participant_update",
    title: "You're a co-host",
    message: `You now co-host ${event.title}`,
    ...about(event),
  }),
  /** To the first waitlisted person when the host lets them confirm a freed seat within the hour. */
  seatOffered: (event: NoticeEvent): EventNotice => ({
    type: "participant_update",
    title: "A spot opened up",
    message: `A spot opened up at ${event.title}: confirm within an hour to keep it`,
    ...about(event),
  }),
  /** To the person whose hour to confirm an offered seat ran out. */
  seatLapsed: (event: NoticeEvent): EventNotice => ({
    type: "participant_update",
    title: "Your spot was passed on",
    message: `You didn't confirm in time: your spot at ${event.title} went to the next person`,
    ...about(event),
  }),
  /** To the applicant, when the host decides on their request. */
  requestDecided: (event: NoticeEvent, approved: boolean): EventNotice => ({
    type: "participant_update",
    title: approved ? "Request approved" : "Request declined",
    message: approved ? `You're going to ${event.title}` : `Your request to join ${event.title} was declined`,
    ...about(event),
  }),
};
