import { randomBytes } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import ical, { ICalAlarmType, ICalEventStatus } from "ical-generator";
import { CALENDAR_EVENT_HOURS, CALENDAR_TEXTS } from "#contract/calendar";
import { HttpError } from "#server/http/http-error";
import type { NotificationsService } from "../notifications";
import { reminderZone } from "../reminders";
import { vtimezone } from "./ics";
import type { CalendarRepository, FeedEvent } from "./repository";

/** The feed's address: a secret path under the public origin that a calendar app opens without a cookie. */
function feedUrl(origin: string, token: string): string {
  return new URL(`/api/calendar/feed/${token}`, origin).href;
}

const newToken = () => randomBytes(32).toString("base64url");

export function calendarService({
  repo,
  notifications,
}: {
  repo: CalendarRepository;
  notifications: NotificationsService;
}) {
  /** The feed as iCalendar: stable UIDs, SEQUENCE from the event, CANCELLED, the event's TZID, a VALARM per offset. */
  function feedFile(events: FeedEvent[], offsets: readonly number[], origin: string): string {
    const calendar = ical({
      name: "Link",
      prodId: { company: "Link", product: "Calendar" },
      timezone: { name: null, generator: vtimezone },
      // Calendar apps that honour it poll hourly.
      ttl: 60 * 60,
    });
    for (const event of events) {
      const zone = reminderZone(event);
      const start = new TZDate(event.date.getTime(), zone);
      const end = new TZDate(event.date.getTime() + CALENDAR_EVENT_HOURS * 3_600_000, zone);
      const page = new URL(`/events/${event.id}`, origin).href;
      calendar.createEvent({
        // The same UID as the event's own .ics export: a calendar that imported it updates that copy.
        id: `event-${event.id}@link`,
        sequence: event.sequence,
        start,
        end,
        timezone: zone,
        summary: event.title,
        description: `${event.description}\n\n${page}`,
        location: event.location
          ? {
              title: event.location,
              ...(event.lat != null && event.lng != null ? { geo: { lat: event.lat, lon: event.lng } } : {}),
            }
          : null,
        url: page,
        status: event.canceledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
        alarms: event.canceledAt
          ? []
          : offsets.map((minutes) => ({
              type: ICalAlarmType.display,
              trigger: minutes * 60,
              description: event.title,
            })),
      });
    }
    return calendar.toString();
  }

  return {
    async subscription(userId: number, origin: string) {
      const token = (await repo.tokenOf(userId)) ?? (await repo.createToken(userId, newToken()));
      return { url: feedUrl(origin, token) };
    },
    /** A new secret address; the old one answers 404 from now on. */
    async rotate(userId: number, origin: string) {
      const token = newToken();
      await repo.replaceToken(userId, token);
      return { url: feedUrl(origin, token) };
    },
    async feed(token: string, origin: string, now = new Date()): Promise<string> {
      const userId = await repo.ownerOf(token);
      if (userId === undefined) throw new HttpError(404, CALENDAR_TEXTS.notFound);
      const [events, preferences] = await Promise.all([
        repo.eventsOf(userId, now),
        notifications.preferencesOf([userId]),
      ]);
      const offsets = preferences.get(userId)?.reminders.offsetsMinutes ?? [];
      return feedFile(events, offsets, origin);
    },
  };
}
