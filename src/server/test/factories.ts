import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Config } from "../config";
import { events, notifications } from "../db/schema";
import { as, createTestApp, registerUser, type TestApp } from "./test-app";

/** A date `days` from now at `hour`:00 UTC (evening by default, so it is upcoming all day). */
export const inDays = (days: number, hour = 19) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

/**
 * People and events through the API for a test file's app; `app` is read at call time because the
 * file creates it in beforeAll.
 */
export function eventFixtures(app: () => TestApp) {
  async function signUp(overrides: Record<string, unknown> = {}) {
    const { user, cookie } = await registerUser(app().app, overrides);
    return { id: user.id, cookie, call: as(app().app, cookie) };
  }
  type Who = Awaited<ReturnType<typeof signUp>>;
  async function createEvent(host: Who, overrides: Record<string, unknown> = {}) {
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
  /** POST /api/event-participants as `who` for themself; any string, so a test can send a wrong status. */
  function participate(who: Who, eventId: number, status: string) {
    return who.call({ method: "POST", url: "/api/event-participants", payload: { eventId, userId: who.id, status } });
  }
  return { signUp, createEvent, participate };
}

export type Who = Awaited<ReturnType<ReturnType<typeof eventFixtures>["signUp"]>>;

/**
 * A test file's app, made before its tests and closed after them, with the fixtures bound to it and
 * the rows the suites read back (an event, a person's notifications).
 */
export function eventSuite(overrides: Partial<Config> = {}) {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(overrides);
  });
  afterAll(async () => {
    await current?.close();
  });
  const app = () => {
    if (!current) throw new Error("the suite's app is made in beforeAll");
    return current;
  };
  return {
    app,
    ...eventFixtures(app),
    async eventRow(id: number) {
      const [row] = await app().database.db.select().from(events).where(eq(events.id, id));
      return row;
    },
    notificationsOf: (userId: number) =>
      app().database.db.select().from(notifications).where(eq(notifications.userId, userId)),
  };
}
