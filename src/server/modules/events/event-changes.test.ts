import { describe, expect, it } from "vitest";
import { formatEventTime } from "#contract/event-time";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "#contract/push";
import { timeLanguage } from "#server/i18n";
import { outbox } from "#server/modules/outbox/schema";
import { eventSuite, inDays, type Who } from "#server/test/factories";
import { deliveriesSettled } from "../notifications/notify";

// "Event updated" says what changed (the new time, the event's and the reader's own, the new place, the new name),
// all of it in one notice, in the list, push and e-mail alike, each in its reader's language and zone.
const { app, signUp, createEvent, participate } = eventSuite();

/** New York's pier: the event's zone comes from its place. */
const NEW_YORK = { latitude: "40.70", longitude: "-74.00" };

async function noticesOf(who: Who) {
  const res = await who.call({ method: "GET", url: "/api/notifications" });
  expect(res.statusCode).toBe(200);
  return (res.json() as { notifications: { type: string; title: string; message: string }[] }).notifications;
}

async function mailOn(who: Who) {
  const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  prefs.channels.events = { inApp: true, push: false, email: true };
  const res = await who.call({ method: "PUT", url: "/api/notification-preferences", payload: prefs });
  expect(res.statusCode).toBe(200);
}
const mailTo = async (email: string) =>
  (await app().database.db.select().from(outbox)).filter((row) => row.to === email);

describe("Event updated says what changed", () => {
  it("a move in time and place: one notice with both, each guest in their language and their own time", async () => {
    const host = await signUp({ timezone: "America/New_York" });
    const ana = await signUp({ language: "es", timezone: "Europe/Madrid" });
    const sam = await signUp({ timezone: "America/New_York" });
    const event = await createEvent(host, { title: "Pier Picnic", location: "Pier 5", ...NEW_YORK });
    for (const guest of [ana, sam]) expect((await participate(guest, event.id, "going")).statusCode).toBe(201);
    await mailOn(ana);

    const moved = inDays(5, 23);
    const res = await host.call({
      method: "PATCH",
      url: `/api/events/${event.id}`,
      payload: { date: moved.toISOString(), location: "Pier 17" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await deliveriesSettled(app().bus);

    const english = formatEventTime(moved, "America/New_York", "America/New_York");
    expect(await noticesOf(sam)).toEqual([
      expect.objectContaining({
        type: "event_update",
        title: "Event updated",
        message: `Pier Picnic has changed. New time: ${english}. New place: Pier 17.`,
      }),
    ]);
    // Ana reads it in Spanish, with Madrid's clock beside New York's.
    const spanish = formatEventTime(moved, "America/New_York", "Europe/Madrid", timeLanguage("es"));
    expect(spanish).toContain("tu hora");
    const [notice] = await noticesOf(ana);
    expect(notice).toMatchObject({
      title: "Evento actualizado",
      message: `Pier Picnic ha cambiado. Nueva hora: ${spanish}. Nuevo lugar: Pier 17.`,
    });
    const [mail] = await mailTo(ana.user.email);
    expect(mail?.subject).toBe("Evento actualizado");
    expect(mail?.text).toContain(`Nueva hora: ${spanish}. Nuevo lugar: Pier 17.`);
  });

  it("a new name is said with the old one; an edit of anything else says only that it changed", async () => {
    const host = await signUp();
    const amal = await signUp({ language: "ar" });
    const event = await createEvent(host, { title: "Book Club" });
    expect((await participate(amal, event.id, "going")).statusCode).toBe(201);
    const url = `/api/events/${event.id}`;
    expect((await host.call({ method: "PATCH", url, payload: { title: "Poetry Club" } })).statusCode).toBe(200);
    expect((await host.call({ method: "PATCH", url, payload: { description: "Bring a poem" } })).statusCode).toBe(200);
    expect((await host.call({ method: "PATCH", url, payload: { location: "" } })).statusCode).toBe(200);
    expect((await noticesOf(amal)).map((n) => n.message)).toEqual([
      "تغيّرت Poetry Club. لم يعد لها مكان.",
      "تم تحديث Poetry Club",
      "تغيّرت Book Club. الاسم الجديد: Poetry Club.",
    ]);
  });
});
