import { describe, expect, it } from "vitest";
import { openSocket } from "#server/realtime/socket-test-client";
import { eventFixtures, type Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";
import { participantsRepository } from "../participants";

// Listening: the live check-in is heard on the guest's socket.
const t = testAppForSuite({}, { listen: true });
const app = () => t;
const { signUp, createEvent, participate } = eventFixtures(app);

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
});
