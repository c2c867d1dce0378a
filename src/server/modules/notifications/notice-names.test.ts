import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "#contract/push";
import { outbox } from "#server/modules/outbox/schema";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { notificationPreferences } from "./schema";

// A person who renames themself is named by their new name in the notices about what they did before, in the
// list and in the e-mail digest alike, in each reader's language.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof registerUser>>;
const call = (user: User) => as(t.app, user.cookie);
async function rename(user: User, fullName: string) {
  const res = await call(user)({ method: "PATCH", url: `/api/users/${user.user.id}`, payload: { fullName } });
  expect(res.statusCode, res.body).toBe(200);
}
async function messagesOf(user: User) {
  const res = await call(user)({ method: "GET", url: "/api/notifications" });
  return (res.json() as { notifications: { message: string }[] }).notifications.map((n) => n.message);
}

describe("old notices name people by their current name", () => {
  it("in the list: a friend request and a guest going, after each renamed", async () => {
    const bob = await registerUser(t.app, { language: "es" });
    const sam = await registerUser(t.app, { fullName: "Sam Sender" });
    const friend = await call(sam)({ method: "POST", url: "/api/friends/requests", payload: { userId: bob.user.id } });
    expect(friend.statusCode).toBe(200);
    const event = await call(bob)({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Pier Picnic",
        description: "x",
        date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        location: "Pier 5",
        hostId: bob.user.id,
        type: "social",
        friendGroupId: "all",
      },
    });
    const going = { eventId: event.json().id, userId: sam.user.id, status: "going" };
    expect((await call(sam)({ method: "POST", url: "/api/event-participants", payload: going })).statusCode).toBe(201);
    expect(await messagesOf(bob)).toEqual(["Sam Sender va a Pier Picnic", "Sam Sender quiere conectar contigo"]);

    await rename(sam, "Samira Sender");
    expect(await messagesOf(bob)).toEqual(["Samira Sender va a Pier Picnic", "Samira Sender quiere conectar contigo"]);
  });

  it("in the daily digest e-mail", async () => {
    const amy = await registerUser(t.app);
    const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    prefs.channels.friends = { inApp: true, push: false, email: true };
    prefs.emailDigest = true;
    expect((await call(amy)({ method: "PUT", url: "/api/notification-preferences", payload: prefs })).statusCode).toBe(
      200,
    );
    const sam = await registerUser(t.app, { fullName: "Sam Sender" });
    await call(sam)({ method: "POST", url: "/api/friends/requests", payload: { userId: amy.user.id } });
    await rename(sam, "Samira Sender");
    await t.database.db
      .update(notificationPreferences)
      .set({ lastDigestAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(notificationPreferences.userId, amy.user.id));
    expect(await t.app.workers.emailDigest.runOnce()).toBeGreaterThan(0);
    const [digest] = (await t.database.db.select().from(outbox)).filter((row) => row.to === amy.user.email);
    expect(digest?.text).toContain("Samira Sender wants to connect with you");
    expect(digest?.text).not.toContain("Sam Sender");
  });
});
