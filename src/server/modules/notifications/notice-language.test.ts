import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userChannel } from "#contract/bus";
import { EVENT_NOTICES } from "#contract/event-notices";
import type { AppNotification, NotificationPage } from "#contract/notifications";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { visibilityRepository, visibilityService } from "../visibility";
import { notificationsRepository } from "./repository";
import { notifications } from "./schema";
import { notificationsService } from "./service";

// Notices are stored with their messages' codes and values and written in the reader's language when read.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const service = () =>
  notificationsService({
    repo: notificationsRepository(t.database.db),
    bus: t.bus,
    visibility: visibilityService({ repo: visibilityRepository(t.database.db), bus: t.bus }),
  });

async function speak(user: Awaited<ReturnType<typeof registerUser>>, language: string) {
  const res = await as(
    t.app,
    user.cookie,
  )({ method: "PATCH", url: `/api/users/${user.user.id}`, payload: { language } });
  expect(res.statusCode).toBe(200);
}
const read = async (user: Awaited<ReturnType<typeof registerUser>>) =>
  ((await as(t.app, user.cookie)({ method: "GET", url: "/api/notifications" })).json() as NotificationPage)
    .notifications;

describe("a notice in its reader's language", () => {
  it("reads back in Spanish, and in English once the person switches; the event's title stays as written", async () => {
    const ana = await registerUser(t.app);
    await speak(ana, "es");
    const frames: unknown[] = [];
    const stop = await t.bus.subscribe(userChannel(ana.user.id), (frame) => frames.push(frame));
    // No event row here: the notice goes without one (a notice about an event reaches only who may open it).
    await service().notify(ana.user.id, {
      ...EVENT_NOTICES.canceled({ id: 1, title: "Picnic in the park" }),
      eventId: undefined,
    });
    await stop();
    expect(await read(ana)).toMatchObject([
      { title: "Evento cancelado", message: "Picnic in the park se ha cancelado" },
    ]);
    // The socket frame too is in the reader's language.
    expect((frames[0] as { notification: AppNotification } | undefined)?.notification).toMatchObject({
      title: "Evento cancelado",
    });
    await speak(ana, "en");
    expect(await read(ana)).toMatchObject([
      { title: "Event canceled", message: "Picnic in the park has been canceled" },
    ]);
    await speak(ana, "ar");
    expect(await read(ana)).toMatchObject([{ title: "أُلغيت الفعالية", message: "أُلغيت Picnic in the park" }]);
  });

  it("keeps a host's own words as written, and shows a row stored before codes as stored", async () => {
    const ben = await registerUser(t.app);
    await speak(ben, "es");
    await service().notify(ben.user.id, {
      ...EVENT_NOTICES.hostUpdate({ id: 2, title: "Book club" }, "Doors at seven"),
      eventId: undefined,
    });
    await t.database.db.insert(notifications).values({
      userId: ben.user.id,
      type: "event_update",
      title: "Old words",
      message: "Stored before codes",
    });
    expect(await read(ben)).toMatchObject([
      { title: "Old words", message: "Stored before codes" },
      { title: "Novedad: Book club", message: "Doors at seven" },
    ]);
  });

  it("a friend request reaches its addressee in Arabic, with the sender's name as written", async () => {
    const from = await registerUser(t.app);
    const to = await registerUser(t.app);
    await speak(to, "ar");
    const res = await as(
      t.app,
      from.cookie,
    )({
      method: "POST",
      url: "/api/friends/requests",
      payload: { userId: to.user.id },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await read(to)).toMatchObject([
      { title: "طلب صداقة جديد", message: `${from.user.fullName} يريد التواصل معك` },
    ]);
  });
});
