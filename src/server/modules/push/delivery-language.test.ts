import { createECDH, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error http_ece ships no types: decrypt(buffer, { version, privateKey, authSecret }) -> Buffer
import ece from "http_ece";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEventTime } from "#contract/event-time";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "#contract/push";
import { timeLanguage } from "#server/i18n";
import { outbox } from "#server/modules/outbox/schema";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { deliveriesSettled } from "../notifications/notify";

// Push and e-mail go out in each recipient's language (users.language), whoever caused them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof registerUser>>;
async function speak(user: User, language: string) {
  const res = await as(
    t.app,
    user.cookie,
  )({ method: "PATCH", url: `/api/users/${user.user.id}`, payload: { language } });
  expect(res.statusCode).toBe(200);
}
const mailTo = async (email: string) => (await t.database.db.select().from(outbox)).filter((r) => r.to === email);

/** A browser's push service on 127.0.0.1: decrypts what it receives with the subscription's keys. */
async function subscribedDevice(user: User) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const received: unknown[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const plain = ece.decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: ecdh, authSecret: auth });
      received.push(JSON.parse(plain.toString("utf8")));
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/x`;
  const res = await as(
    t.app,
    user.cookie,
  )({
    method: "POST",
    url: "/api/push/subscriptions",
    payload: {
      platform: "web",
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    },
  });
  expect(res.statusCode).toBe(201);
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("delivery in the recipient's language", () => {
  it("a push payload in Spanish, with the sender's name as written", { timeout: 30_000 }, async () => {
    const bob = await registerUser(t.app);
    await speak(bob, "es");
    const device = await subscribedDevice(bob);
    try {
      const sam = await registerUser(t.app, { fullName: "Sam Sender" });
      await as(t.app, sam.cookie)({ method: "POST", url: "/api/friends/requests", payload: { userId: bob.user.id } });
      await deliveriesSettled(t.bus);
      expect(device.received).toEqual([
        {
          title: "Nueva solicitud de amistad",
          body: "Sam Sender quiere conectar contigo",
          url: `/users/${sam.user.id}`,
          tag: "friend_request",
        },
      ]);
    } finally {
      await device.close();
    }
  });

  it("a moved event's push says its new time in Spanish, the event's and the reader's own", {
    timeout: 30_000,
  }, async () => {
    const host = await registerUser(t.app);
    const ana = await registerUser(t.app, { timezone: "Europe/Madrid" });
    await speak(ana, "es");
    const created = await as(
      t.app,
      host.cookie,
    )({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Pier Picnic",
        description: "x",
        date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        location: "Pier 5",
        latitude: "40.70",
        longitude: "-74.00",
        hostId: host.user.id,
        type: "social",
        friendGroupId: "all",
      },
    });
    const event = created.json() as { id: number };
    const going = { eventId: event.id, userId: ana.user.id, status: "going" };
    await as(t.app, ana.cookie)({ method: "POST", url: "/api/event-participants", payload: going });
    const device = await subscribedDevice(ana);
    try {
      const moved = new Date(Date.now() + 4 * 86_400_000);
      const res = await as(
        t.app,
        host.cookie,
      )({ method: "PATCH", url: `/api/events/${event.id}`, payload: { date: moved.toISOString() } });
      expect(res.statusCode).toBe(200);
      await deliveriesSettled(t.bus);
      const when = formatEventTime(moved, "America/New_York", "Europe/Madrid", timeLanguage("es"));
      expect(device.received).toEqual([
        {
          title: "Evento actualizado",
          body: `Pier Picnic ha cambiado. Nueva hora: ${when}.`,
          url: `/events/${event.id}`,
          tag: "event_update",
        },
      ]);
      expect(when).toContain("tu hora");
    } finally {
      await device.close();
    }
  });

  it("a reminder e-mail in Spanish: its subject, its time and its links' words", { timeout: 30_000 }, async () => {
    const host = await registerUser(t.app);
    const guest = await registerUser(t.app);
    await speak(guest, "es");
    const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    prefs.channels.reminders = { inApp: true, push: false, email: true };
    const saved = await as(
      t.app,
      guest.cookie,
    )({ method: "PUT", url: "/api/notification-preferences", payload: prefs });
    expect(saved.statusCode).toBe(200);
    const date = new Date(Date.now() + 3 * 86_400_000);
    const event = (
      await as(
        t.app,
        host.cookie,
      )({
        method: "POST",
        url: "/api/events",
        payload: {
          title: "Pier Picnic",
          description: "x",
          date: date.toISOString(),
          location: "Pier 5",
          hostId: host.user.id,
          type: "social",
          friendGroupId: "all",
        },
      })
    ).json() as { id: number };
    await as(
      t.app,
      guest.cookie,
    )({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: event.id, userId: guest.user.id, status: "going" },
    });
    await t.app.workers.reminders.runOnce(new Date(date.getTime() - 1440 * 60_000 + 30_000));
    await deliveriesSettled(t.bus);
    const [mail] = await mailTo(guest.user.email);
    expect(mail?.subject).toBe("Pier Picnic empieza en 1 día · Pier 5");
    expect(mail?.text).toContain("Ábrelo en Link:");
    expect(mail?.text).toContain("Dejar de recibir estos correos:");
    // The event's time as Spanish writes it (no English day or AM/PM).
    expect(mail?.text).not.toMatch(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b|\b[AP]M\b/);
    // The in-app notice reads the same.
    const page = (await as(t.app, guest.cookie)({ method: "GET", url: "/api/notifications" })).json() as {
      notifications: { title: string }[];
    };
    expect(page.notifications[0]?.title).toBe("Pier Picnic empieza en 1 día · Pier 5");
  });

  it("a password reset e-mail in Arabic, the account's language", async () => {
    const amal = await registerUser(t.app);
    await speak(amal, "ar");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset/request",
      payload: { email: amal.user.email },
    });
    expect(res.statusCode).toBe(202);
    const [mail] = await mailTo(amal.user.email);
    expect(mail?.subject).toBe("أعد تعيين كلمة مرور Link");
  });
});
