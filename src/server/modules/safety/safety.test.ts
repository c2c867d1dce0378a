import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import FRENCH from "#contract/i18n/catalogs/fr.json" with { type: "json" };
import { MESSAGE_REMOVED_TEXT, REPORTS_PER_HOUR, SAFETY_TEXTS } from "#contract/safety";
import { SOCKET_UNAUTHORIZED_CODE } from "#contract/socket";
import { sessions } from "#server/modules/auth/schema";
import { events } from "#server/modules/events/schema";
import { friendships } from "#server/modules/friends/schema";
import { userRoles } from "#server/modules/roles/schema";
import { users } from "#server/modules/users/schema";
import { openSocket } from "#server/realtime/socket-test-client";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { reports } from "./schema";

/** Blocking hides two people from each other everywhere; reports reach moderators who act on them. */
let t: TestApp;
let base: string;
type Person = Awaited<ReturnType<typeof registerUser>>;
let admin: Person;
let alice: Person;
let bob: Person;
let carol: Person;
const CENTER = { lat: 40.7, lng: -74 };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  admin = await registerUser(t.app, { fullName: "Mod Erator" });
  // The stored role, as `npm run moderator -- grant` gives it.
  await t.database.db.insert(userRoles).values({ userId: admin.user.id, role: "moderator" });
  alice = await registerUser(t.app, { fullName: "Alice Block" });
  bob = await registerUser(t.app, { fullName: "Bob Blocked" });
  carol = await registerUser(t.app, { fullName: "Carol Other" });
  for (const p of [alice, bob, carol]) {
    await t.database.db
      .update(users)
      .set({ lat: CENTER.lat, lng: CENTER.lng, latitude: String(CENTER.lat), longitude: String(CENTER.lng) })
      .where(eq(users.id, p.user.id));
  }
});
afterAll(() => t.close());

const call = (p: Person) => as(t.app, p.cookie);
async function insertEvent(hostId: number, title: string) {
  const [row] = await t.database.db
    .insert(events)
    .values({
      title,
      description: "d",
      date: inDays(3),
      hostId,
      type: "social",
      lat: CENTER.lat,
      lng: CENTER.lng,
      latitude: String(CENTER.lat),
      longitude: String(CENTER.lng),
    })
    .returning();
  return row;
}
const feedText = async (p: Person) => {
  const res = await call(p)({ method: "GET", url: `/api/events/swipe/${p.user.id}?type=social` });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const nearbyUsers = async (p: Person) =>
  (
    (
      await call(p)({ method: "GET", url: `/api/users/nearby?lat=${CENTER.lat}&lng=${CENTER.lng}&radius=10` })
    ).json() as Array<{ id: number }>
  ).map((u) => u.id);
const nearbyEvents = async (p: Person) =>
  (
    (
      await call(p)({ method: "GET", url: `/api/events/nearby?lat=${CENTER.lat}&lng=${CENTER.lng}&radius=10` })
    ).json() as Array<{ title: string }>
  ).map((e) => e.title);

describe("blocking", () => {
  it("hides each from the other's feed, Nearby people and Nearby events, and nobody else's", async () => {
    await insertEvent(alice.user.id, "Alice party");
    await insertEvent(bob.user.id, "Bob party");
    expect(await feedText(alice)).toContain("Bob party");
    expect(await nearbyUsers(alice)).toContain(bob.user.id);
    expect(await nearbyEvents(bob)).toContain("Alice party");

    const res = await call(alice)({ method: "POST", url: "/api/blocks", payload: { userId: bob.user.id } });
    expect(res.statusCode).toBe(200);

    expect(await feedText(alice)).not.toContain("Bob party");
    expect(await feedText(bob)).not.toContain("Alice party");
    expect(await nearbyUsers(alice)).not.toContain(bob.user.id);
    expect(await nearbyUsers(bob)).not.toContain(alice.user.id);
    expect(await nearbyEvents(alice)).not.toContain("Bob party");
    expect(await nearbyEvents(bob)).not.toContain("Alice party");
    // Carol still sees both.
    expect(await feedText(carol)).toContain("Bob party");
    expect(await nearbyUsers(carol)).toEqual(expect.arrayContaining([alice.user.id, bob.user.id]));

    const mine = (await call(alice)({ method: "GET", url: "/api/blocks" })).json();
    expect(mine).toEqual([expect.objectContaining({ id: bob.user.id, fullName: "Bob Blocked" })]);
    expect((await call(bob)({ method: "GET", url: "/api/blocks" })).json()).toEqual([]);
  });

  it("drops friend requests silently either way and ends an existing one", async () => {
    // Bob's request (sent before the block is lifted and set again) is gone from Alice's list after a block.
    await call(alice)({ method: "DELETE", url: `/api/blocks/${bob.user.id}` });
    expect(
      (await call(bob)({ method: "POST", url: "/api/friends/requests", payload: { userId: alice.user.id } })).json(),
    ).toEqual({ status: "requested" });
    expect((await call(alice)({ method: "GET", url: "/api/friends/requests" })).json()).toHaveLength(1);
    await call(alice)({ method: "POST", url: "/api/blocks", payload: { userId: bob.user.id } });
    expect((await call(alice)({ method: "GET", url: "/api/friends/requests" })).json()).toEqual([]);
    expect(await t.database.db.select().from(friendships)).toEqual([]);

    // A new request either way answers like any other and stores nothing.
    const sent = await call(bob)({ method: "POST", url: "/api/friends/requests", payload: { userId: alice.user.id } });
    expect(sent.json()).toEqual({ status: "requested" });
    const back = await call(alice)({ method: "POST", url: "/api/friends/requests", payload: { userId: bob.user.id } });
    expect(back.json()).toEqual({ status: "requested" });
    expect(await t.database.db.select().from(friendships)).toEqual([]);
  });

  it("refuses to open a direct conversation or post in an existing one, either way", async () => {
    // Carol and Alice talk; Carol then blocks Alice.
    const opened = await call(carol)({ method: "POST", url: "/api/groups/direct", payload: { userId: alice.user.id } });
    expect(opened.statusCode).toBe(201);
    const groupId = opened.json().id as number;
    expect(
      (await call(alice)({ method: "POST", url: "/api/chat/messages", payload: { groupId, message: "hi" } }))
        .statusCode,
    ).toBe(201);
    await call(carol)({ method: "POST", url: "/api/blocks", payload: { userId: alice.user.id } });

    for (const [from, to] of [
      [alice, carol],
      [carol, alice],
    ]) {
      const open = await call(from)({ method: "POST", url: "/api/groups/direct", payload: { userId: to.user.id } });
      expect(open.statusCode).toBe(404);
      const post = await call(from)({
        method: "POST",
        url: "/api/chat/messages",
        payload: { groupId, message: "still there?" },
      });
      expect(post.statusCode).toBe(403);
    }
    expect(
      (await call(alice)({ method: "POST", url: "/api/groups/direct", payload: { userId: bob.user.id } })).statusCode,
    ).toBe(404);

    // Unblocking restores the conversation.
    await call(carol)({ method: "DELETE", url: `/api/blocks/${alice.user.id}` });
    expect(
      (await call(alice)({ method: "POST", url: "/api/chat/messages", payload: { groupId, message: "back" } }))
        .statusCode,
    ).toBe(201);
  });

  it("refuses bad input and stores nothing", async () => {
    expect(
      (await call(alice)({ method: "POST", url: "/api/blocks", payload: { userId: alice.user.id } })).json(),
    ).toMatchObject({
      message: SAFETY_TEXTS.blockSelf,
    });
    expect((await call(alice)({ method: "POST", url: "/api/blocks", payload: { userId: 999999 } })).statusCode).toBe(
      404,
    );
    expect((await call(alice)({ method: "POST", url: "/api/blocks", payload: { userId: "x" } })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/blocks", payload: { userId: bob.user.id } })).statusCode,
    ).toBe(401);
  });
});

describe("reports and moderation", () => {
  let groupId: number;
  let messageId: number;
  beforeAll(async () => {
    const opened = await call(carol)({ method: "POST", url: "/api/groups/direct", payload: { userId: admin.user.id } });
    groupId = opened.json().id;
    messageId = (
      await call(carol)({ method: "POST", url: "/api/chat/messages", payload: { groupId, message: "buy my stuff" } })
    ).json().id;
  });

  it("stores a report of a visible person, message or event; refuses what the reporter cannot see", async () => {
    const event = await insertEvent(carol.user.id, "Carol meetup");
    const report = (p: Person, payload: Record<string, unknown>) =>
      call(p)({ method: "POST", url: "/api/reports", payload });
    const ok = await report(admin, { targetType: "message", targetId: messageId, reason: "spam", details: "selling" });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ message: SAFETY_TEXTS.reported });
    expect((await report(bob, { targetType: "event", targetId: event.id, reason: "scam" })).statusCode).toBe(201);
    expect((await report(bob, { targetType: "user", targetId: carol.user.id, reason: "harassment" })).statusCode).toBe(
      201,
    );
    // Bob is not in the conversation: the message does not exist for him.
    expect((await report(bob, { targetType: "message", targetId: messageId, reason: "spam" })).statusCode).toBe(404);
    expect((await report(bob, { targetType: "user", targetId: bob.user.id, reason: "spam" })).statusCode).toBe(400);
    expect((await report(bob, { targetType: "user", targetId: carol.user.id, reason: "because" })).statusCode).toBe(
      400,
    );
    expect(
      (await report(bob, { targetType: "user", targetId: carol.user.id, reason: "other", details: "x".repeat(1001) }))
        .statusCode,
    ).toBe(400);
    expect(await t.database.db.select().from(reports)).toHaveLength(3);
  });

  it("is rate-limited per person", async () => {
    // Someone who has reported nothing yet: the whole hour's budget is theirs.
    const reporter = await registerUser(t.app, { fullName: "Rita Reporter" });
    const statuses: number[] = [];
    for (let i = 0; i <= REPORTS_PER_HOUR; i++) {
      statuses.push(
        (
          await call(reporter)({
            method: "POST",
            url: "/api/reports",
            payload: { targetType: "user", targetId: carol.user.id, reason: "spam" },
          })
        ).statusCode,
      );
    }
    // Exactly at the boundary: every one of the first REPORTS_PER_HOUR passes (a lower limit fails here), the next is refused.
    expect(statuses).toEqual([...Array(REPORTS_PER_HOUR).fill(201), 429]);
    const stored = (await t.database.db.select().from(reports)).filter((r) => r.reporterId === reporter.user.id);
    expect(stored).toHaveLength(REPORTS_PER_HOUR);
    // Others keep their own budget.
    expect(
      (
        await call(alice)({
          method: "POST",
          url: "/api/reports",
          payload: { targetType: "user", targetId: carol.user.id, reason: "spam" },
        })
      ).statusCode,
    ).toBe(201);
  });

  it("lists open reports with context to the moderator only", async () => {
    expect((await call(alice)({ method: "GET", url: "/api/admin/reports" })).statusCode).toBe(403);
    const res = await call(admin)({ method: "GET", url: "/api/admin/reports" });
    expect(res.statusCode).toBe(200);
    const [first] = res.json();
    expect(first).toMatchObject({
      targetType: "message",
      reason: "spam",
      details: "selling",
      reporter: { id: admin.user.id },
      subject: { id: carol.user.id, fullName: "Carol Other", suspended: false },
      message: { id: messageId, text: "buy my stuff", hidden: false },
    });
  });

  it("hides a message: every reader sees 'Message removed'; resolving takes the report off the list", async () => {
    const res = await call(admin)({
      method: "PUT",
      url: `/api/admin/messages/${messageId}/hidden`,
      payload: { hidden: true },
    });
    expect(res.statusCode).toBe(200);
    for (const p of [admin, carol]) {
      const list = (await call(p)({ method: "GET", url: `/api/chat/messages/${groupId}` })).json() as Array<{
        id: number;
        message: string;
      }>;
      expect(list.find((m) => m.id === messageId)?.message).toBe(MESSAGE_REMOVED_TEXT);
      expect(JSON.stringify(list)).not.toContain("buy my stuff");
    }
    const [open] = (await call(admin)({ method: "GET", url: "/api/admin/reports" })).json();
    expect((await call(admin)({ method: "POST", url: `/api/admin/reports/${open.id}/resolve` })).statusCode).toBe(200);
    const after = (await call(admin)({ method: "GET", url: "/api/admin/reports" })).json() as Array<{ id: number }>;
    expect(after.map((r) => r.id)).not.toContain(open.id);
  });

  it("hides an event: out of feeds and Nearby; its page is 404 except for its host", async () => {
    const event = await insertEvent(carol.user.id, "Hidden gathering");
    expect(await feedText(bob)).toContain("Hidden gathering");
    const hidden = await call(admin)({
      method: "PUT",
      url: `/api/admin/events/${event.id}/hidden`,
      headers: { "accept-language": "fr" },
      payload: { hidden: true },
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().message).toBe(FRENCH["moderation.eventHidden"]);
    expect(await feedText(bob)).not.toContain("Hidden gathering");
    expect(await nearbyEvents(bob)).not.toContain("Hidden gathering");
    expect((await call(bob)({ method: "GET", url: `/api/events/${event.id}` })).statusCode).toBe(404);
    const join = await call(bob)({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: event.id, userId: bob.user.id, status: "going" },
    });
    expect(join.statusCode).toBe(404);
    expect((await call(carol)({ method: "GET", url: `/api/events/${event.id}` })).statusCode).toBe(200);
  });

  it("hides an event from the lists of the people going to it", async () => {
    const event = await insertEvent(carol.user.id, "Hidden reunion");
    const going = await call(bob)({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: event.id, userId: bob.user.id, status: "going" },
    });
    expect(going.statusCode).toBe(201);
    const myEvents = async () =>
      [
        (await call(bob)({ method: "GET", url: "/api/events/user" })).body,
        (await call(bob)({ method: "GET", url: `/api/events/user/${bob.user.id}` })).body,
      ].join("\n");
    expect(await myEvents()).toContain("Hidden reunion");
    await call(admin)({ method: "PUT", url: `/api/admin/events/${event.id}/hidden`, payload: { hidden: true } });
    expect(await myEvents()).not.toContain("Hidden reunion");
  });

  it("suspends an account: its open socket closes, its sessions end, and sign-in is refused with a clear message", async () => {
    const socket = await openSocket(base, bob.cookie);
    const closed = new Promise<number>((resolve) => socket.ws.once("close", (code) => resolve(code)));
    const res = await call(admin)({
      method: "PUT",
      url: `/api/admin/users/${bob.user.id}/suspended`,
      payload: { suspended: true },
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe(SOCKET_UNAUTHORIZED_CODE);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, bob.user.id))).toEqual([]);
    expect((await call(bob)({ method: "GET", url: "/api/user" })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: bob.user.username, password: bob.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ message: SAFETY_TEXTS.suspended });
    // A wrong password still answers as for anyone.
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: bob.user.username, password: "nope-nope" },
    });
    expect(wrong.statusCode).toBe(401);
    // Lifted: sign-in works again.
    await call(admin)({
      method: "PUT",
      url: `/api/admin/users/${bob.user.id}/suspended`,
      payload: { suspended: false },
    });
    const again = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: bob.user.username, password: bob.password },
    });
    expect(again.statusCode).toBe(200);
  });

  it("refuses every admin action to others and to the moderator on themself", async () => {
    for (const [method, url, payload] of [
      ["PUT", `/api/admin/users/${carol.user.id}/suspended`, { suspended: true }],
      ["PUT", `/api/admin/messages/${messageId}/hidden`, { hidden: false }],
      ["POST", "/api/admin/reports/1/resolve", undefined],
    ] as const) {
      expect((await call(alice)({ method, url, payload })).statusCode).toBe(403);
    }
    expect(
      (
        await call(admin)({
          method: "PUT",
          url: `/api/admin/users/${admin.user.id}/suspended`,
          payload: { suspended: true },
        })
      ).statusCode,
    ).toBe(400);
    const [carolRow] = await t.database.db.select().from(users).where(eq(users.id, carol.user.id));
    expect(carolRow.suspendedAt).toBeNull();
  });

  it("ADMIN_USERNAMES makes no moderator of the first account, nor of a listed name registered after start", async () => {
    const other = await createTestApp({ ADMIN_USERNAMES: ["boss"] });
    try {
      const first = await registerUser(other.app);
      const boss = await registerUser(other.app, { username: "Boss" });
      expect((await as(other.app, first.cookie)({ method: "GET", url: "/api/admin/reports" })).statusCode).toBe(403);
      expect((await as(other.app, boss.cookie)({ method: "GET", url: "/api/admin/reports" })).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});
