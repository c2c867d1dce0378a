import { eq } from "drizzle-orm";
import type { RegisterBody } from "#contract/auth";
import { events } from "#server/modules/events/schema";
import { notifications } from "#server/modules/notifications/schema";
import type { Config } from "../config";
import { testAppForSuite } from "./suite";
import { as, registerUser, type TestApp } from "./test-app";

/** A date `days` from now at `hour`:00 UTC (evening by default, so it is upcoming all day). */
export const inDays = (days: number, hour = 19) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

/** A time `hours` from now: an event this soon is open for check-in. */
export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);

/** A registered person with the session to act as them: `call` is app.inject with their cookie. */
export async function createUser(t: TestApp, overrides: Partial<RegisterBody> = {}) {
  const { user, cookie, password } = await registerUser(t.app, overrides);
  return { id: user.id, user, cookie, password, call: as(t.app, cookie) };
}
export type Who = Awaited<ReturnType<typeof createUser>>;

/** An event `host` creates through the API: a social dinner in three days unless overridden. */
export async function createEvent(host: Who, overrides: Record<string, unknown> = {}) {
  const res = await host.call({
    method: "POST",
    url: "/api/events",
    payload: {
      title: "Dinner at Luigi's",
      description: "Pasta night",
      date: inDays(3).toISOString(),
      location: "Luigi's",
      hostId: host.id,
      type: "social",
      friendGroupId: "all",
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; title: string };
}

/** A group `owner` creates through the API (private unless overridden). */
export async function createGroup(owner: Who, overrides: Record<string, unknown> = {}) {
  const res = await owner.call({
    method: "POST",
    url: "/api/groups",
    payload: { name: "Test group", isPrivate: true, ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`group failed ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; name: string; inviteCode: string };
}

/** POST /api/event-participants as `who` for themself; any string, so a test can send a wrong status. */
export function participate(who: Who, eventId: number, status: string) {
  return who.call({ method: "POST", url: "/api/event-participants", payload: { eventId, userId: who.id, status } });
}

/**
 * The factories bound to an app that is made later (in beforeAll): `app` is read at call time.
 * `signUp` is createUser under the name the event suites use.
 */
export function eventFixtures(app: () => TestApp) {
  return {
    signUp: (overrides: Partial<RegisterBody> = {}) => createUser(app(), overrides),
    createEvent,
    participate,
  };
}

/**
 * A test file's app, made before its tests and closed after them, with the factories bound to it and
 * the rows the event suites read back (an event, a person's notifications).
 */
export function eventSuite(overrides: Partial<Config> = {}) {
  const t = testAppForSuite(overrides);
  const app = () => t;
  return {
    app,
    ...eventFixtures(app),
    async eventRow(id: number) {
      const [row] = await t.database.db.select().from(events).where(eq(events.id, id));
      return row;
    },
    notificationsOf: (userId: number) =>
      t.database.db.select().from(notifications).where(eq(notifications.userId, userId)),
  };
}
