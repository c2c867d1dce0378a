import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventCohosts, events } from "#server/db/schema";
import { eventSuite, type Who } from "#server/test/factories";

const { app, signUp, createEvent, participate, eventRow } = eventSuite();

const occurrencesOf = async (who: Who, eventId: number): Promise<Array<{ id: number; date: string }>> =>
  (await who.call({ method: "GET", url: `/api/events/${eventId}/occurrences` })).json();
const detail = async (who: Who, eventId: number) =>
  (await who.call({ method: "GET", url: `/api/events/${eventId}` })).json();
const cohostIdsOf = async (eventId: number) =>
  (await app().database.db.select().from(eventCohosts).where(eq(eventCohosts.eventId, eventId))).map((r) => r.userId);

describe("a series is set up once", () => {
  it("created with capacity, a question, plus-ones, waitlist mode and a co-host: every date has them", async () => {
    const host = await signUp();
    const cohost = await signUp({ fullName: "Priya Cohost" });
    const first = await createEvent(host, {
      title: "Board games",
      date: "2030-06-06T18:00:00.000Z",
      maxAttendees: 8,
      questions: [{ text: "Which game will you bring?", required: true }],
      maxGuestsPerPerson: 1,
      waitlistMode: "confirm",
      cohostIds: [cohost.id],
      recurrence: { frequency: "weekly", count: 3 },
    });
    const dates = await occurrencesOf(host, first.id);
    expect(dates).toHaveLength(3);
    for (const { id } of dates) {
      const event = await detail(host, id);
      expect({
        max: event.maxAttendees,
        questions: event.questions.map((q: { text: string; required: boolean }) => [q.text, q.required]),
        plusOnes: event.maxGuestsPerPerson,
        waitlist: event.waitlistMode,
        cohosts: event.cohosts.map((c: { fullName: string }) => c.fullName),
      }).toEqual({
        max: 8,
        questions: [["Which game will you bring?", true]],
        plusOnes: 1,
        waitlist: "confirm",
        cohosts: ["Priya Cohost"],
      });
    }
    // The co-host manages the second date as well as the first.
    expect((await detail(cohost, dates[1].id)).isCohost).toBe(true);
    expect((await cohost.call({ method: "GET", url: `/api/events/${dates[1].id}/guests` })).statusCode).toBe(200);
  });

  it("refuses a co-host who is the host or has no account, and then makes no event", async () => {
    const host = await signUp();
    const before = (await app().database.db.select().from(events).where(eq(events.hostId, host.id))).length;
    const create = (cohostIds: unknown) =>
      host.call({
        method: "POST",
        url: "/api/events",
        payload: {
          title: "T",
          description: "D",
          date: "2030-06-06T18:00:00.000Z",
          hostId: host.id,
          type: "social",
          cohostIds,
          recurrence: { frequency: "weekly", count: 2 },
        },
      });
    expect((await create([host.id])).statusCode).toBe(409);
    expect((await create([999_999])).statusCode).toBe(404);
    expect((await create([1, 2, 3, 4, 5, 6])).statusCode).toBe(400);
    expect((await create(["x"])).statusCode).toBe(400);
    expect((await app().database.db.select().from(events).where(eq(events.hostId, host.id))).length).toBe(before);
  });

  it("guest options and co-hosts saved for this and the following dates reach those dates, not the earlier one", async () => {
    const host = await signUp();
    const cohost = await signUp();
    const first = await createEvent(host, {
      date: "2030-07-02T18:00:00.000Z",
      recurrence: { frequency: "weekly", count: 3 },
    });
    const [a, b, c] = await occurrencesOf(host, first.id);
    const saved = await host.call({
      method: "PATCH",
      url: `/api/events/${b.id}?scope=following`,
      payload: {
        questions: [{ text: "Dietary needs?", required: false }],
        maxGuestsPerPerson: 2,
        guestList: "attendees",
        waitlistMode: "confirm",
        maxAttendees: 12,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const options = async (id: number) => {
      const row = await eventRow(id);
      return [
        row.questions.map((q) => q.text),
        row.maxGuestsPerPerson,
        row.guestList,
        row.waitlistMode,
        row.maxAttendees,
      ];
    };
    expect(await options(a.id)).toEqual([[], 0, "everyone", "instant", null]);
    expect(await options(b.id)).toEqual([["Dietary needs?"], 2, "attendees", "confirm", 12]);
    expect(await options(c.id)).toEqual([["Dietary needs?"], 2, "attendees", "confirm", 12]);

    const url = `/api/events/${b.id}/cohosts?scope=following`;
    expect((await host.call({ method: "POST", url, payload: { userId: cohost.id } })).statusCode).toBe(201);
    expect([await cohostIdsOf(a.id), await cohostIdsOf(b.id), await cohostIdsOf(c.id)]).toEqual([
      [],
      [cohost.id],
      [cohost.id],
    ]);
    const removed = await host.call({
      method: "DELETE",
      url: `/api/events/${b.id}/cohosts/${cohost.id}?scope=following`,
    });
    expect(removed.statusCode).toBe(204);
    expect([await cohostIdsOf(b.id), await cohostIdsOf(c.id)]).toEqual([[], []]);
  });

  it("this and following is all or nothing: a cap one later date cannot take changes no date", async () => {
    const host = await signUp();
    const first = await createEvent(host, {
      title: "Pottery",
      date: "2030-08-01T18:00:00.000Z",
      recurrence: { frequency: "weekly", count: 3 },
    });
    const [a, b, c] = await occurrencesOf(host, first.id);
    for (const _guest of [1, 2, 3]) expect((await participate(await signUp(), c.id, "going")).statusCode).toBe(201);
    const refused = await host.call({
      method: "PATCH",
      url: `/api/events/${a.id}?scope=following`,
      payload: { title: "Pottery night", maxAttendees: 2, maxGuestsPerPerson: 3 },
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      "Maximum attendees cannot be below the number of people going",
    ]);
    for (const { id } of [a, b, c]) {
      const row = await eventRow(id);
      expect([row.title, row.maxAttendees, row.maxGuestsPerPerson]).toEqual(["Pottery", null, 0]);
    }
  });
});
