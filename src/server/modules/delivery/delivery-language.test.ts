import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEventTime } from "#contract/event-time";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "#contract/push";
import { timeLanguage } from "#server/i18n";
import { outbox } from "#server/modules/outbox/schema";
import { subscribedDevice as pushDevice } from "#server/test/push-device";
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

const subscribedDevice = (user: User) => pushDevice(t.app, user.cookie);

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

  it("the unsubscribe page and its answer speak the link's owner's language, whatever the browser asks for", async () => {
    const bob = await registerUser(t.app);
    await speak(bob, "es");
    const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    prefs.channels.friends.email = true;
    prefs.emailDigest = false;
    expect(
      (await as(t.app, bob.cookie)({ method: "PUT", url: "/api/notification-preferences", payload: prefs })).statusCode,
    ).toBe(200);
    const sam = await registerUser(t.app, { fullName: "Sam Sender" });
    await as(t.app, sam.cookie)({ method: "POST", url: "/api/friends/requests", payload: { userId: bob.user.id } });
    await deliveriesSettled(t.bus);
    const [mail] = await mailTo(bob.user.email);
    const link = /^<(https?:\/\/[^>]+)>$/.exec(mail?.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
    const path = new URL(link).pathname + new URL(link).search;
    expect(path).toMatch(/^\/api\/email\/unsubscribe\?token=/);

    // Opened on a computer set to English: the page is still the Spanish the e-mail was written in.
    const confirm = await t.app.inject({
      method: "GET",
      url: path,
      headers: { accept: "text/html", "accept-language": "en-US,en;q=0.9" },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('<html lang="es" dir="ltr">');
    expect(confirm.body).toContain("<title>Correos de Link</title>");
    expect(confirm.body).toContain("¿Dejar de recibir estos correos de Link?");
    expect(confirm.body).toContain(">Darme de baja</button>");
    const done = await t.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "ar" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.json()).toEqual({
      message: "Te has dado de baja. Puedes volver a activar los correos en Ajustes › Notificaciones.",
    });

    // A link that names nobody: the language the request asks for, Arabic right to left.
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/email/unsubscribe?token=1.friends.1.forged",
      headers: { accept: "text/html", "accept-language": "ar" },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('<html lang="ar" dir="rtl">');
    expect(forged.body).toContain("رابط إلغاء الاشتراك هذا غير صالح.");
  });
});
