import { describe, expect, it } from "vitest";
import { eventSuite } from "#server/test/factories";

const { signUp, createEvent } = eventSuite();

describe("what the event page says of each guest's answer", () => {
  it("the guest reads their own answers and plus-ones; everyone sees +1 beside a guest who brings one", async () => {
    const host = await signUp();
    const guest = await signUp({ fullName: "Gia Guest" });
    const viewer = await signUp();
    const event = await createEvent(host, {
      maxGuestsPerPerson: 2,
      questions: [{ id: "game", text: "Which game will you bring?", required: true }],
    });
    const joined = await guest.call({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: event.id, userId: guest.id, status: "going", answers: { game: "Catan" }, guests: 1 },
    });
    expect(joined.statusCode, joined.body).toBe(201);

    const mine = (await guest.call({ method: "GET", url: `/api/events/${event.id}` })).json();
    expect([mine.viewerAnswers, mine.viewerGuests]).toEqual([{ game: "Catan" }, 1]);
    const seen = (await viewer.call({ method: "GET", url: `/api/events/${event.id}` })).json();
    expect(seen.viewerAnswers).toEqual({});
    expect(seen.attendees.map((a: { fullName: string; guests: number }) => [a.fullName, a.guests])).toEqual([
      ["Gia Guest", 1],
    ]);
  });
});
