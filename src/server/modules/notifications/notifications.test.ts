import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userChannel } from "#contract/bus";
import type { NotificationPage } from "#contract/notifications";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { visibilityRepository, visibilityService } from "../visibility";
import { notificationsRepository } from "./repository";
import { notificationsService } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notify = (userId: number, input: Parameters<ReturnType<typeof notificationsService>["notify"]>[1]) =>
  notificationsService({
    repo: notificationsRepository(t.database.db),
    bus: t.bus,
    visibility: visibilityService({ repo: visibilityRepository(t.database.db), bus: t.bus }),
  }).notify(userId, input);

describe("notifications API", () => {
  it("needs a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/notifications" });
    expect(res.statusCode).toBe(401);
  });

  it("lists own notifications newest first, paginated by cursor, with the unread count", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    for (let i = 1; i <= 5; i++) {
      await notify(a.user.id, {
        type: "new_participant",
        title: `T${i}`,
        message: `m${i}`,
        actionUrl: "/events/1",
      });
    }
    await notify(b.user.id, { type: "event_update", title: "for B", message: "x" });
    const asA = as(t.app, a.cookie);
    const first = (await asA({ method: "GET", url: "/api/notifications?limit=2" })).json() as NotificationPage;
    expect(first.notifications.map((n) => n.title)).toEqual(["T5", "T4"]);
    expect(first.unreadCount).toBe(5);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await asA({ method: "GET", url: `/api/notifications?limit=2&cursor=${first.nextCursor}` })
    ).json() as NotificationPage;
    expect(second.notifications.map((n) => n.title)).toEqual(["T3", "T2"]);
    const last = (
      await asA({ method: "GET", url: `/api/notifications?limit=2&cursor=${second.nextCursor}` })
    ).json() as NotificationPage;
    expect(last.notifications.map((n) => n.title)).toEqual(["T1"]);
    expect(last.nextCursor).toBeNull();
    expect(first.notifications[0]).toMatchObject({ type: "new_participant", read: false, actionUrl: "/events/1" });
  });

  it("rejects a bad limit with 400", async () => {
    const a = await registerUser(t.app);
    const res = await as(t.app, a.cookie)({ method: "GET", url: "/api/notifications?limit=0" });
    expect(res.statusCode).toBe(400);
  });

  it("marks all read for the caller only", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await notify(a.user.id, { type: "event_update", title: "a", message: "a" });
    await notify(b.user.id, { type: "event_update", title: "b", message: "b" });
    const res = await as(t.app, a.cookie)({ method: "POST", url: "/api/notifications/read-all" });
    expect(res.json()).toEqual({ count: 1 });
    const pageA = (await as(t.app, a.cookie)({ method: "GET", url: "/api/notifications" })).json() as NotificationPage;
    expect(pageA.unreadCount).toBe(0);
    expect(pageA.notifications.every((n) => n.read)).toBe(true);
    const pageB = (await as(t.app, b.cookie)({ method: "GET", url: "/api/notifications" })).json() as NotificationPage;
    expect(pageB.unreadCount).toBe(1);
  });

  it("deletes only the caller's own notification; another user's answers 404 and stays", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const na = await notify(a.user.id, { type: "event_update", title: "a", message: "a" });
    const nb = await notify(b.user.id, { type: "event_update", title: "b", message: "b" });
    const asA = as(t.app, a.cookie);
    expect((await asA({ method: "DELETE", url: `/api/notifications/${nb.id}` })).statusCode).toBe(404);
    expect((await asA({ method: "DELETE", url: "/api/notifications/999999" })).statusCode).toBe(404);
    expect((await asA({ method: "DELETE", url: `/api/notifications/${na.id}` })).statusCode).toBe(200);
    const pageA = (await asA({ method: "GET", url: "/api/notifications" })).json() as NotificationPage;
    expect(pageA.notifications).toHaveLength(0);
    const pageB = (await as(t.app, b.cookie)({ method: "GET", url: "/api/notifications" })).json() as NotificationPage;
    expect(pageB.notifications.map((n) => n.id)).toEqual([nb.id]);
  });

  it("clears all of the caller's notifications and nobody else's", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await notify(a.user.id, { type: "event_update", title: "a1", message: "a" });
    await notify(a.user.id, { type: "event_canceled", title: "a2", message: "a" });
    await notify(b.user.id, { type: "event_update", title: "b", message: "b" });
    const res = await as(t.app, a.cookie)({ method: "DELETE", url: "/api/notifications" });
    expect(res.json()).toEqual({ count: 2 });
    const pageB = (await as(t.app, b.cookie)({ method: "GET", url: "/api/notifications" })).json() as NotificationPage;
    expect(pageB.notifications).toHaveLength(1);
  });

  it("notify() publishes the stored notification on the user's bus channel", async () => {
    const a = await registerUser(t.app);
    const received: unknown[] = [];
    const off = await t.bus.subscribe(userChannel(a.user.id), (m) => received.push(m));
    const n = await notify(a.user.id, { type: "participant_update", title: "ok", message: "approved" });
    await off();
    expect(received).toEqual([{ type: "notification", notification: n }]);
  });
});
