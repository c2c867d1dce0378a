import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "#contract/push";
import { deliveriesSettled } from "#server/modules/notifications";
import { notificationPreferences, notifications } from "#server/modules/notifications/schema";
import { outbox } from "#server/modules/outbox/schema";
import { eventSuite, type Who } from "#server/test/factories";
import { reminderDeliveries } from "./schema";

const { app, signUp, createEvent, participate } = eventSuite();
const MINUTE = 60_000;
const at = (date: Date, minutesBefore: number, plus = 1) =>
  new Date(date.getTime() - minutesBefore * MINUTE + plus * MINUTE);
const runAt = (now: Date) => app().app.workers.reminders.runOnce(now);
const reminders = (userId: number) =>
  app()
    .database.db.select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "event_reminder")))
    .orderBy(notifications.id);
const putPreferences = (who: Who, prefs: object) =>
  who.call({ method: "PUT", url: "/api/notification-preferences", payload: prefs });

/** An event `days` ahead at a whole hour UTC, with no place (so in its host's zone, New York) and one guest going. */
async function eventWithGuest(title: string, days = 3) {
  const host = await signUp({ fullName: "Hana Host", timezone: "America/New_York" });
  const guest = await signUp({ fullName: "Gil Guest" });
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(23, 0, 0, 0);
  const event = await createEvent(host, { title, location: "Pier 17", date: date.toISOString() });
  expect((await participate(guest, event.id, "going")).statusCode).toBeLessThan(300);
  return { host, guest, event, date };
}

describe("reminder worker (the clock is moved, never waited for)", () => {
  it("sends each default offset once, in the event's local time, to the guest and the host, and the host's day-before summary", async () => {
    const { host, guest, event, date } = await eventWithGuest("Rooftop Jazz");
    expect(await runAt(at(date, 1440, -2))).toBe(0);
    expect(await reminders(guest.id)).toEqual([]);

    await runAt(at(date, 1440));
    // A second round at the same moment, and one a minute later, send nothing more.
    await runAt(at(date, 1440));
    await runAt(at(date, 1440, 2));
    const [dayBefore] = await reminders(guest.id);
    expect((await reminders(guest.id)).length).toBe(1);
    expect(dayBefore.title).toBe("Rooftop Jazz starts in 1 day · Pier 17");
    // 23:00 UTC is 6 or 7 PM in New York, written as the event page does, with the zone's name; the guest
    // reads New York time too (the profile's default zone), so no "your time".
    expect(dayBefore.message).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}, [67]:00 PM E[SD]T$/);
    expect(dayBefore.actionUrl).toBe(`/events/${event.id}`);
    const hostTexts = (await reminders(host.id)).map((n) => `${n.title} | ${n.message}`);
    expect(hostTexts).toHaveLength(2);
    expect(hostTexts).toContain(`Rooftop Jazz is tomorrow | Going (1): Gil Guest · Pending: nobody yet`);
    expect(hostTexts.some((t) => t.startsWith("Rooftop Jazz starts in 1 day · Pier 17 |"))).toBe(true);

    await runAt(at(date, 120));
    expect((await reminders(guest.id)).map((n) => n.title)).toEqual([
      "Rooftop Jazz starts in 1 day · Pier 17",
      "Rooftop Jazz starts in 2 hours · Pier 17",
    ]);
  });

  it("gives a reader in another zone their own time too, in-app and by e-mail, as the event page words it", async () => {
    const host = await signUp({ fullName: "Hana Host", timezone: "America/New_York" });
    const guest = await signUp({ fullName: "Taro Traveller", timezone: "Asia/Tokyo" });
    const byEmail = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    byEmail.channels.reminders = { inApp: true, push: false, email: true };
    expect((await putPreferences(guest, byEmail)).statusCode).toBe(200);
    const date = new Date(Date.now() + 3 * 86_400_000);
    date.setUTCHours(23, 0, 0, 0);
    const event = await createEvent(host, { title: "Harbour Lights", location: "Pier 17", date: date.toISOString() });
    await participate(guest, event.id, "going");

    await runAt(at(date, 1440));
    // 23:00 UTC: 6 or 7 PM in New York (the event's zone, its host's), 8 AM the next morning in Tokyo.
    const tokyoDay = new Intl.DateTimeFormat("en-US", {
      timeZone: "Asia/Tokyo",
      weekday: "short",
      month: "short",
      day: "numeric",
    }).format(date);
    const [guestNotice] = await reminders(guest.id);
    expect(guestNotice.message).toMatch(
      new RegExp(`^[A-Z][a-z]{2}, [A-Z][a-z]{2} \\d{1,2}, \\d{4}, [67]:00 PM E[SD]T · ${tokyoDay}, 8:00 AM your time$`),
    );
    // E-mail leaves in the background once the notice is stored.
    await deliveriesSettled(app().bus);
    const [mail] = (await app().database.db.select().from(outbox)).filter((m) => m.to === guest.user.email);
    expect(mail?.text).toContain(guestNotice.message);
    // The host reads New York time: the event's own, alone.
    const hostNotice = (await reminders(host.id)).find((n) => n.title.startsWith("Harbour Lights starts in"));
    expect(hostNotice?.message).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}, [67]:00 PM E[SD]T$/);
  });

  it("sends nothing after the guest stops going or the host cancels", async () => {
    const left = await eventWithGuest("Left Party");
    await participate(left.guest, left.event.id, "declined");
    await runAt(at(left.date, 1440));
    expect(await reminders(left.guest.id)).toEqual([]);

    const canceled = await eventWithGuest("Canceled Party");
    await canceled.host.call({ method: "DELETE", url: `/api/events/${canceled.event.id}` });
    await runAt(at(canceled.date, 1440));
    expect(await reminders(canceled.guest.id)).toEqual([]);
    expect(await reminders(canceled.host.id)).toEqual([]);
  });

  it("a moved event's reminders move with it; offsets already past are skipped, not sent late", async () => {
    const { host, guest, event, date } = await eventWithGuest("Moving Brunch");
    await runAt(at(date, 1440));
    expect((await reminders(guest.id)).length).toBe(1);
    const later = new Date(date.getTime() + 2 * 86_400_000);
    expect(
      (await host.call({ method: "PATCH", url: `/api/events/${event.id}`, payload: { date: later.toISOString() } }))
        .statusCode,
    ).toBe(200);
    // The old time's 2-hour reminder is not owed any more.
    await runAt(at(date, 120));
    expect((await reminders(guest.id)).length).toBe(1);
    await runAt(at(later, 1440));
    await runAt(at(later, 120));
    expect((await reminders(guest.id)).map((n) => n.title)).toEqual([
      "Moving Brunch starts in 1 day · Pier 17",
      "Moving Brunch starts in 1 day · Pier 17",
      "Moving Brunch starts in 2 hours · Pier 17",
    ]);
    // A round long after a reminder's moment (the worker was down) does not send it late.
    const stale = await eventWithGuest("Stale Picnic");
    await runAt(at(stale.date, 120, 30));
    expect(await reminders(stale.guest.id)).toEqual([]);
  });

  it("an offset already past when the guest joins is skipped; chosen offsets and the in-app switch are followed", async () => {
    const host = await signUp();
    const guest = await signUp();
    const soon = new Date(Date.now() + 60 * MINUTE);
    const event = await createEvent(host, { title: "Soon Drinks", location: "", date: soon.toISOString() });
    expect(
      (await putPreferences(guest, { ...DEFAULT_NOTIFICATION_PREFERENCES, reminders: { offsetsMinutes: [15, 120] } }))
        .statusCode,
    ).toBe(200);
    await participate(guest, event.id, "going");
    // The 2-hour moment was an hour before they joined.
    await runAt(new Date(Date.now() + MINUTE));
    expect(await reminders(guest.id)).toEqual([]);
    await runAt(at(soon, 15));
    expect((await reminders(guest.id)).map((n) => n.title)).toEqual(["Soon Drinks starts in 15 minutes"]);

    // Reminders off in-app: nothing stored for them (the claim is still taken, so a later switch-on sends no backlog).
    const quiet = await eventWithGuest("Quiet Dinner");
    const off = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    off.channels.reminders = { inApp: false, push: false, email: false };
    expect((await putPreferences(quiet.guest, off)).statusCode).toBe(200);
    await runAt(at(quiet.date, 1440));
    expect(await reminders(quiet.guest.id)).toEqual([]);
    const claims = await app()
      .database.db.select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.userId, quiet.guest.id));
    expect(claims.map((c) => c.offsetMinutes)).toEqual([1440]);
  });
});

describe("reminder preferences", () => {
  it("default to 2 hours and 1 day, in-app and push; take any of the five offsets; refuse others without storing", async () => {
    const amy = await signUp();
    const get = async () => (await amy.call({ method: "GET", url: "/api/notification-preferences" })).json();
    const prefs = await get();
    expect(prefs.reminders).toEqual({ offsetsMinutes: [120, 1440] });
    expect(prefs.channels.reminders).toEqual({ inApp: true, push: true, email: false });

    const res = await putPreferences(amy, { ...prefs, reminders: { offsetsMinutes: [10080, 15, 60] } });
    expect(res.statusCode).toBe(200);
    expect((await get()).reminders).toEqual({ offsetsMinutes: [15, 60, 10080] });

    for (const offsetsMinutes of [[30], [-15], [1.5], ["60"], [15, 15], Array(6).fill(15)]) {
      const bad = await putPreferences(amy, { ...prefs, reminders: { offsetsMinutes } });
      expect(bad.statusCode).toBe(400);
    }
    const [row] = await app()
      .database.db.select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, amy.id));
    expect(row.reminderOffsets).toEqual([15, 60, 10080]);

    // A client that predates reminders keeps working: what it leaves out takes the defaults.
    const { reminders: _, ...older } = prefs;
    const { reminders: __, ...olderChannels } = prefs.channels;
    expect((await putPreferences(amy, { ...older, channels: olderChannels })).statusCode).toBe(200);
    expect((await get()).channels.reminders).toEqual({ inApp: true, push: true, email: false });
  });
});
