import { as, registerUser, type TestApp } from "./test-app";

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
  return { signUp, createEvent };
}

export type Who = Awaited<ReturnType<ReturnType<typeof eventFixtures>["signUp"]>>;
