import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREATION_LIMITS, waitText } from "#contract/limits";
import { events } from "#server/modules/events/schema";
import { groups } from "#server/modules/groups/schema";
import { groupInvites } from "#server/modules/invites/schema";
import { tableContents } from "../test/table-contents";
import { as, createTestApp, registerUser, type TestApp } from "../test/test-app";

/** Each kind of creation has an hourly budget per user; past it, 429 with Retry-After and nothing stored. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The events one host has stored under a title: what a refused creation must not have added. */
const eventsTitled = (hostId: number, title: string) =>
  t.database.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.hostId, hostId), eq(events.title, title)));

/** A refused request stores nothing anywhere: every table's whole contents are as they were. */
async function expectNothingStored(request: () => Promise<void>) {
  const before = await tableContents(t.database);
  await request();
  expect(await tableContents(t.database)).toEqual(before);
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function spend(send: (i: number) => Promise<{ statusCode: number }>, budget: number, okStatus: number) {
  for (let i = 0; i < budget; i += 1) {
    const res = await send(i);
    expect(res.statusCode, `creation ${i + 1} of ${budget}`).toBe(okStatus);
  }
}

function expectRefused(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => { message: string } },
  what: string,
) {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers["retry-after"]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(3600);
  // An hour's budget waits in minutes: "Too many events created, try again in 60 min".
  expect(res.json().message).toBe(`Too many ${what} created, try again in ${waitText(seconds)}`);
  expect(res.json().message).toMatch(/try again in \d+ min$/);
}

describe("per-user creation limits", () => {
  it("stops one user's events and group plans at their hourly budgets; another user is unaffected", async () => {
    const host = await registerUser(t.app);
    const me = as(t.app, host.cookie);
    const event = (i: number) => ({
      title: `Meetup ${i}`,
      description: "d",
      date: inDays(3),
      hostId: host.user.id,
      type: "social",
    });
    await spend(
      (i) => me({ method: "POST", url: "/api/events", payload: event(i) }),
      CREATION_LIMITS.events.perHour,
      201,
    );
    await expectNothingStored(async () =>
      expectRefused(await me({ method: "POST", url: "/api/events", payload: event(99) }), "events"),
    );
    expect(await eventsTitled(host.user.id, "Meetup 99")).toEqual([]);

    // Plans have their own budget: the host can still propose one in a group.
    const group = (await me({ method: "POST", url: "/api/groups", payload: { name: "Planners" } })).json();
    const plan = (i: number) => ({ title: `Plan ${i}`, date: inDays(4), groupId: group.id });
    await spend(
      (i) => me({ method: "POST", url: "/api/events", payload: plan(i) }),
      CREATION_LIMITS.groupPlans.perHour,
      201,
    );
    await expectNothingStored(async () =>
      expectRefused(await me({ method: "POST", url: "/api/events", payload: plan(99) }), "group plans"),
    );
    expect(await eventsTitled(host.user.id, "Plan 99")).toEqual([]);
    expect(await eventsTitled(host.user.id, `Plan ${CREATION_LIMITS.groupPlans.perHour - 1}`)).toHaveLength(1);

    const other = await registerUser(t.app);
    const theirs = await as(
      t.app,
      other.cookie,
    )({ method: "POST", url: "/api/events", payload: { ...event(1), hostId: other.user.id } });
    expect(theirs.statusCode).toBe(201);
  });

  it("stops groups, invite links and friend requests at their hourly budgets", async () => {
    const user = await registerUser(t.app);
    const me = as(t.app, user.cookie);
    await spend(
      (i) => me({ method: "POST", url: "/api/groups", payload: { name: `Group ${i}`, isPrivate: true } }),
      CREATION_LIMITS.groups.perHour,
      201,
    );
    await expectNothingStored(async () =>
      expectRefused(await me({ method: "POST", url: "/api/groups", payload: { name: "One more" } }), "groups"),
    );
    expect(await t.database.db.select().from(groups).where(eq(groups.name, "One more"))).toEqual([]);

    const group = (await me({ method: "GET", url: "/api/groups/user" })).json()[0];
    // Each private group minted its first link at creation; links minted by hand have their own budget.
    await spend(
      () => me({ method: "POST", url: `/api/groups/${group.id}/invites`, payload: {} }),
      CREATION_LIMITS.invites.perHour,
      201,
    );
    const invitesOfGroup = () =>
      t.database.db.select({ code: groupInvites.code }).from(groupInvites).where(eq(groupInvites.groupId, group.id));
    const codes = await invitesOfGroup();
    await expectNothingStored(async () =>
      expectRefused(await me({ method: "POST", url: `/api/groups/${group.id}/invites`, payload: {} }), "invite links"),
    );
    expect(await invitesOfGroup()).toEqual(codes);

    // Requests to people who do not exist still spend the budget: probing is what the limit is for.
    await spend(
      () => me({ method: "POST", url: "/api/friends/requests", payload: { userId: 2_000_000_000 } }),
      CREATION_LIMITS.friendRequests.perHour,
      404,
    );
    const target = await registerUser(t.app);
    await expectNothingStored(async () =>
      expectRefused(
        await me({ method: "POST", url: "/api/friends/requests", payload: { userId: target.user.id } }),
        "friend requests",
      ),
    );
    expect((await me({ method: "GET", url: `/api/friends/status/${target.user.id}` })).json().status).toBe("none");
  });
});
