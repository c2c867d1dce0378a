import { randomBytes } from "node:crypto";
import { API_TEXTS } from "#contract/api-texts";
import { CALENDAR_TEXTS } from "#contract/calendar";
import { HttpError } from "#server/http/http-error";
import type { NotificationsService } from "../notifications";
import { calendarFile } from "./ics";
import type { CalendarRepository } from "./repository";

/** The feed's address: a secret path under PUBLIC_ORIGIN that a calendar app opens without a cookie. */
function feedUrl(origin: string | null, token: string): string {
  // Outside production publicOrigin falls back to the listening address; in production without it there is no link.
  if (!origin) throw new HttpError(503, API_TEXTS.calendarNeedsOrigin);
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
      if (userId === undefined) throw new HttpError(404, CALENDAR_TEXTS.notFound);
      const [events, preferences, languages] = await Promise.all([
        repo.eventsOf(userId, now),
        notifications.preferencesOf([userId]),
        notifications.languagesOf([userId]),
      ]);
      const offsets = preferences.get(userId)?.reminders.offsetsMinutes ?? [];
      // A calendar app fetches the feed without a language: its words are in its owner's.
      const language = languages.get(userId) ?? "en";
      return calendarFile(events, { origin, name: "Link", alarmOffsets: offsets, language });
    },
  };
}
