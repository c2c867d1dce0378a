import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "#server/modules/events/schema";
import { openSocket } from "#server/realtime/socket-test-client";
import { eventFixtures, inHours, type Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";
import { participantsRepository } from "../participants";

// Listening: the live check-in is heard on the guest's socket.
const t = testAppForSuite({}, { listen: true });
const app = () => t;
const fixtures = eventFixtures(app);
const { signUp, participate } = fixtures;
/** An event starting within the hour, when check-in is open, unless the test says otherwise. */
const createEvent = (host: Who, overrides: Record<string, unknown> = {}) =>
  fixtures.createEvent(host, { date: inHours(1).toISOString(), ...overrides });

const ticketOf = async (who: Who, eventId: number) =>
  (await who.call({ method: "GET", url: `/api/events/${eventId}/ticket` })).json() as {
    code: string;
    doorCode: string;
  };
const checkIn = (who: Who, eventId: number, payload: object) =>
  who.call({ method: "POST", url: `/api/events/${eventId}/check-ins`, payload });

describe("a ticket's door code", () => {
  it("is six unambiguous characters, the same each time; typed at the door (any case, spaced) it checks the guest in once", async () => {
    const host = await signUp();
    const guest = await signUp({ fullName: "Dana Door" });
    const event = await createEvent(host);
    await participate(guest, event.id, "going");
    const { doorCode } = await ticketOf(guest, event.id);
    expect(doorCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect((await ticketOf(guest, event.id)).doorCode).toBe(doorCode);

    const typed = `${doorCode.slice(0, 3).toLowerCase()} ${doorCode.slice(3)}`;
    const first = await checkIn(host, event.id, { code: typed });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user.fullName).toBe("Dana Door");
    const again = await checkIn(host, event.id, { code: doorCode });
    expect([again.statusCode, again.json().message]).toEqual([409, "Already checked in"]);
  });

  it("works only at its own event, and a code nobody holds there is a 404", async () => {
    const host = await signUp();
    const guest = await signUp();
    const [a, b] = [await createEvent(host), await createEvent(host)];
    await participate(guest, a.id, "going");
    await participate(guest, b.id, "going");
    const [codeA, codeB] = [(await ticketOf(guest, a.id)).doorCode, (await ticketOf(guest, b.id)).doorCode];
    expect(codeA).not.toBe(codeB);
    expect((await checkIn(host, b.id, { code: codeA })).statusCode).toBe(404);
    expect((await checkIn(host, a.id, { code: "222222" === codeA ? "333333" : "222222" })).statusCode).toBe(404);
    expect((await checkIn(host, a.id, { code: "x".repeat(81) })).statusCode).toBe(400);
  });

  it("is unique within its event: a code another guest holds is never given again", async () => {
    const host = await signUp();
    const [first, second] = [await signUp(), await signUp()];
    const event = await createEvent(host);
    await participate(first, event.id, "going");
    await participate(second, event.id, "going");
    const repo = participantsRepository(app().database.db);
    expect(await repo.claimDoorCode(event.id, first.id, "ABCDEF")).toBe("ABCDEF");
    expect(await repo.claimDoorCode(event.id, second.id, "ABCDEF")).toBeNull();
    // A second claim keeps the first code: a ticket's door code never changes.
    expect(await repo.claimDoorCode(event.id, first.id, "GHJKMN")).toBe("ABCDEF");
    const codes = await Promise.all([first, second].map(async (g) => (await ticketOf(g, event.id)).doorCode));
    expect(codes[0]).toBe("ABCDEF");
    expect(codes[1]).not.toBe("ABCDEF");
  });

  it("a check-in reaches the guest live: their socket hears it and the event says they were there", async () => {
    const host = await signUp();
    const guest = await signUp();
    const event = await createEvent(host, { title: "Rooftop social" });
    await participate(guest, event.id, "going");
    const socket = await openSocket(t.base, guest.cookie);
    try {
      socket.send({ type: "auth" });
      await socket.next("auth_success");
      const heard = socket.next("notification", (m) => m.notification.title === "You're checked in");
      const { doorCode } = await ticketOf(guest, event.id);
      expect((await checkIn(host, event.id, { code: doorCode })).statusCode).toBe(200);
      expect(await heard).toMatchObject({
        notification: { title: "You're checked in", message: "Welcome to Rooftop social" },
      });
      expect((await guest.call({ method: "GET", url: `/api/events/${event.id}` })).json().viewerCheckedIn).toBe(true);
    } finally {
      await socket.close();
    }
  });

  it("opens the event's hours before its start and closes when it is over: outside, 409 and nobody is in", async () => {
    const host = await signUp();
    const guest = await signUp({ fullName: "Early Eve" });
    const event = await createEvent(host, { date: inHours(3 * 24).toISOString() });
    await participate(guest, event.id, "going");
    const { code, doorCode } = await ticketOf(guest, event.id);
    const early = "Check-in opens 12 hours before the event starts";
    for (const payload of [{ code: doorCode }, { code }, { userId: guest.id }]) {
      const res = await checkIn(host, event.id, payload);
      expect([res.statusCode, res.json().message]).toEqual([409, early]);
    }
    const page = async () => (await guest.call({ method: "GET", url: `/api/events/${event.id}` })).json();
    expect((await page()).viewerCheckedIn).toBe(false);

    // The host opens check-in four days ahead: the typed code works now.
    const opened = await host.call({
      method: "PATCH",
      url: `/api/events/${event.id}`,
      payload: { checkInOpensHours: 96 },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await checkIn(host, event.id, { code: doorCode })).statusCode).toBe(200);
    expect((await page()).viewerCheckedIn).toBe(true);
    const tooEarly = await host.call({
      method: "PATCH",
      url: `/api/events/${event.id}`,
      payload: { checkInOpensHours: 169 },
    });
    expect(tooEarly.statusCode).toBe(400);

    // An event that started more than three hours ago is over: its check-in has closed.
    const late = await createEvent(host);
    const latecomer = await signUp();
    await participate(latecomer, late.id, "going");
    await app()
      .database.db.update(events)
      .set({ date: inHours(-3.5) })
      .where(eq(events.id, late.id));
    const lateTicket = await ticketOf(latecomer, late.id);
    for (const payload of [{ code: lateTicket.doorCode }, { code: lateTicket.code }]) {
      const res = await checkIn(host, late.id, payload);
      expect([res.statusCode, res.json().message]).toEqual([409, "Check-in has closed: the event is over"]);
    }
    // Two and a half hours in, it is still open.
    await app()
      .database.db.update(events)
      .set({ date: inHours(-2.5) })
      .where(eq(events.id, late.id));
    expect((await checkIn(host, late.id, { userId: latecomer.id })).statusCode).toBe(200);
  });
});
