import { randomBytes } from "node:crypto";
import { API_TEXTS } from "#contract/api-texts";
import { CALENDAR_FEED_PAST_DAYS, CALENDAR_TEXTS } from "#contract/calendar";
import { messageKey } from "#contract/i18n/texts";
import { HttpError } from "#server/http/http-error";
import type { NotificationsService } from "../notifications";
import { calendarFile, type FeedMeeting } from "./ics";
import type { CalendarRepository } from "./repository";

/** The feed's address: a secret path under PUBLIC_ORIGIN that a calendar app opens without a cookie. */
function feedUrl(origin: string | null, token: string): string {
  // Outside production publicOrigin falls back to the listening address; in production without it there is no link.
  if (!origin) throw new HttpError(503, messageKey(API_TEXTS, "calendarNeedsOrigin"));
  return new URL(`/api/calendar/feed/${token}`, origin).href;
}

const newToken = () => randomBytes(32).toString("base64url");

/** An accepted meeting with its people and event, as the matching module answers it. */
interface AcceptedMeeting {
  meeting: { id: number; eventId: number; requesterId: number; startsAt: Date; endsAt: Date; spot: string | null };
  requester: { fullName: string };
  invitee: { fullName: string };
  event: { title: string; location: string; timezone: string };
}

export function calendarService({
  repo,
  notifications,
  meetingsOf = async () => [],
}: {
  repo: CalendarRepository;
  notifications: NotificationsService;
  /** The person's accepted meetings from a moment on (the matching module's): each is an entry too. */
  meetingsOf?: (userId: number, since: Date) => Promise<AcceptedMeeting[]>;
}) {
  const asEntry = (userId: number, row: AcceptedMeeting): FeedMeeting => ({
    id: row.meeting.id,
    eventId: row.meeting.eventId,
    eventTitle: row.event.title,
    eventLocation: row.event.location,
    timezone: row.event.timezone,
    withName: row.meeting.requesterId === userId ? row.invitee.fullName : row.requester.fullName,
    startsAt: row.meeting.startsAt,
    endsAt: row.meeting.endsAt,
    spot: row.meeting.spot,
  });
  return {
    async subscription(userId: number, origin: string | null) {
      const token = (await repo.tokenOf(userId)) ?? (await repo.createToken(userId, newToken()));
      return { url: feedUrl(origin, token) };
    },
    /** A new secret address; the old one answers 404 from now on. */
    async rotate(userId: number, origin: string | null) {
      const token = newToken();
      await repo.replaceToken(userId, token);
      return { url: feedUrl(origin, token) };
    },
    async feed(token: string, origin: string | null, now = new Date()): Promise<string> {
      const userId = await repo.ownerOf(token);
      if (userId === undefined) throw new HttpError(404, messageKey(CALENDAR_TEXTS, "notFound"));
      const since = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * 86_400_000);
      const [events, meetings, preferences, languages] = await Promise.all([
        repo.eventsOf(userId, now),
        meetingsOf(userId, since),
        notifications.preferencesOf([userId]),
        notifications.languagesOf([userId]),
      ]);
      const offsets = preferences.get(userId)?.reminders.offsetsMinutes ?? [];
      // A calendar app fetches the feed without a language: its words are in its owner's.
      const language = languages.get(userId) ?? "en";
      return calendarFile(events, {
        origin,
        name: "Link",
        alarmOffsets: offsets,
        language,
        meetings: meetings.map((row) => asEntry(userId, row)),
      });
    },
  };
}
