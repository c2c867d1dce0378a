import { MEETING_NOTICE_TEXTS, MEETING_REMINDER_MINUTES } from "#contract/matching-texts";
import { noticeWords } from "#contract/notifications";
import type { NewNotification } from "../notifications";
import type { MeetingWithPeople } from "./meetings-sql";

/** What happened to a meeting, as its notice tells the other person. */
export type MeetingNews = "request" | "accepted" | "declined" | "newTime" | "canceled" | "canceledQuietly" | "reminder";

const KEYS = {
  request: ["requestTitle", "request", "request"],
  accepted: ["acceptedTitle", "accepted", "acceptedAt"],
  declined: ["declinedTitle", "declined", "declined"],
  newTime: ["newTimeTitle", "newTime", "newTime"],
  canceled: ["canceledTitle", "canceled", "canceled"],
  canceledQuietly: ["canceledTitle", "canceledQuietly", "canceledQuietly"],
  reminder: ["reminderTitle", "reminder", "reminderAt"],
} as const satisfies Record<MeetingNews, readonly [string, string, string]>;

/**
 * The notice `recipientId` gets about a meeting: it names the other person (except a quiet cancellation, told
 * across a block or an account's deletion without saying by whom), the event and the meeting's time in the
 * event's zone, with the recipient's own when it differs, in the recipient's language when read.
 */
export function meetingNotice(news: MeetingNews, row: MeetingWithPeople, recipientId: number): NewNotification {
  const { meeting, event } = row;
  const recipient = meeting.requesterId === recipientId ? row.requester : row.invitee;
  const other = meeting.requesterId === recipientId ? row.invitee : row.requester;
  const [title, plain, withSpot] = KEYS[news];
  const quiet = news === "canceledQuietly";
  return {
    type: news === "request" ? "meeting_request" : news === "reminder" ? "meeting_reminder" : "meeting_update",
    ...noticeWords(MEETING_NOTICE_TEXTS, title, meeting.spot ? withSpot : plain, {
      ...(quiet ? {} : { name: other.fullName }),
      title: event.title,
      ...(meeting.spot ? { spot: meeting.spot } : {}),
      ...(news === "reminder" ? { minutes: MEETING_REMINDER_MINUTES } : {}),
      eventDate: meeting.startsAt.toISOString(),
      eventZone: event.timezone,
      ...(recipient.timezone !== event.timezone ? { viewerZone: recipient.timezone } : {}),
    }),
    actionUrl: `/events/${event.id}`,
    eventId: event.id,
    // Whoever the notice names: it goes with their account, and never crosses a block between the two.
    ...(quiet ? {} : { fromUserId: other.id }),
  };
}
