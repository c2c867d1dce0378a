import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CATEGORIES } from "#contract/push";
import type { MailMessage } from "#server/mail";
import { deliveriesSettled } from "#server/modules/notifications";
import { userRoles } from "#server/modules/roles/schema";
import { eventSuite, inDays, type Who } from "#server/test/factories";
import { outboxRepository } from "./repository";
import { createOutboxWorker } from "./worker";

/**
 * An e-mail goes out only while what it says may still reach its reader: one queued about an event its
 * reader may no longer open (hidden since, its host suspended or blocked with them), or naming someone who
 * deleted their account or is blocked with the reader, is withdrawn before it is sent, however it was queued.
 */
const { app, signUp, createEvent, participate } = eventSuite();
const quiet = { warn() {}, info() {} } as unknown as FastifyBaseLogger;

async function mailedAll(who: Who) {
  const everyChannel = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  for (const category of NOTIFICATION_CATEGORIES)
    everyChannel.channels[category] = { inApp: true, push: false, email: true };
  const res = await who.call({ method: "PUT", url: "/api/notification-preferences", payload: everyChannel });
  expect(res.statusCode).toBe(200);
}

/** Sends what is due through a transport that keeps what it is handed. */
async function sendDue() {
  const sent: MailMessage[] = [];
  const worker = createOutboxWorker({
    repo: outboxRepository(app().database.db),
    log: quiet,
    transport: { send: async (message) => void sent.push(message) },
  });
  await deliveriesSettled(app().bus);
  while ((await worker.runOnce()).sent > 0);
  return sent;
}

describe("the outbox sends only what may still reach its reader", () => {
  it("withdraws mail about an event hidden since, or whose host was suspended or blocked the reader", async () => {
    const moderator = await signUp();
    await app().database.db.insert(userRoles).values({ userId: moderator.id, role: "moderator" });
    const host = await signUp({ fullName: "Hal Host" });
    const other = await signUp({ fullName: "Oli Other" });
    const fine = await signUp({ fullName: "Fay Fine" });
    const reader = await signUp();
    await mailedAll(reader);
    const hidden = await createEvent(host, { title: "Later hidden", date: inDays(1, 23).toISOString() });
    const blocking = await createEvent(host, { title: "Host blocks", date: inDays(1, 23).toISOString() });
    const suspended = await createEvent(other, { title: "Host suspended", date: inDays(1, 23).toISOString() });
    const kept = await createEvent(fine, { title: "Still fine", date: inDays(1, 23).toISOString() });
    for (const event of [hidden, blocking, suspended, kept]) {
      expect((await participate(reader, event.id, "going")).statusCode).toBe(201);
    }
    // Each host's update to their guests: one e-mail each, queued.
    for (const [who, event] of [
      [host, hidden],
      [host, blocking],
      [other, suspended],
      [fine, kept],
    ] as const) {
      const res = await who.call({
        method: "POST",
        url: `/api/events/${event.id}/updates`,
        payload: { message: `About ${event.title}` },
      });
      expect(res.statusCode).toBe(201);
    }
    await deliveriesSettled(app().bus);

    const changes = [
      await moderator.call({ method: "PUT", url: `/api/admin/events/${hidden.id}/hidden`, payload: { hidden: true } }),
      await host.call({ method: "POST", url: "/api/blocks", payload: { userId: reader.id } }),
      await moderator.call({
        method: "PUT",
        url: `/api/admin/users/${other.id}/suspended`,
        payload: { suspended: true },
      }),
    ];
    expect(changes.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const toReader = (await sendDue()).filter((m) => m.to === reader.user.email).map((m) => m.subject);
    // The fine host's update, and its copy in the event's guests' conversation, by chat e-mail.
    expect(toReader.sort()).toEqual(["Fay Fine", "Update: Still fine"]);
  });

  it("withdraws mail naming someone who deleted their account after it was queued", async () => {
    const host = await signUp();
    await mailedAll(host);
    const leaving = await signUp({ fullName: "Dee Departing" });
    const event = await createEvent(host, { title: "Supper" });
    expect((await participate(leaving, event.id, "going")).statusCode).toBe(201);
    await deliveriesSettled(app().bus);
    const res = await leaving.call({ method: "DELETE", url: "/api/account", payload: { password: leaving.password } });
    expect(res.statusCode).toBe(200);
    // Delivery runs after the request that notified: an e-mail naming the person can be queued after the
    // deletion's transaction, as this one is.
    await outboxRepository(app().database.db).insert({
      to: host.user.email,
      subject: "New participant",
      text: "Dee Departing is going to Supper",
      names: [leaving.id],
      recipientId: host.id,
      eventId: event.id,
    });
    await outboxRepository(app().database.db).insert({
      to: host.user.email,
      subject: "Reminder",
      text: "Supper is tomorrow",
      recipientId: host.id,
      eventId: event.id,
    });
    const sent = await sendDue();
    expect(sent.filter((m) => m.to === host.user.email).map((m) => m.text)).toEqual(["Supper is tomorrow"]);
  });
});
