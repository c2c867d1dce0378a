import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "#server/test/suite";
import { meetings } from "./schema";
import { attendee, networkingEvent } from "./test-kit";

/**
 * Meetings asked for and accepted at the same moment: the check that both people are free and the write it
 * allows happen under both people's locks, so one slot of one person is held once. On PGlite requests queue
 * on one connection; the PostgreSQL tier (DB_TIER=postgres) is the one that races, in several rounds.
 */
const ROUNDS = process.env.DB_TIER === "postgres" ? 4 : 1;
const t = testAppForSuite();

/** The meetings holding a time of the person asked. */
const holding = (inviteeId: number) =>
  t.database.db
    .select()
    .from(meetings)
    .where(and(eq(meetings.inviteeId, inviteeId), inArray(meetings.status, ["pending", "accepted"])));

describe("meetings raced on one person's slot", () => {
  it("stores one of several requests sent at once for the same person and time", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { event, slot } = await networkingEvent(t);
      const ben = await attendee(t, event);
      const askers = await Promise.all([1, 2, 3, 4].map(() => attendee(t, event)));
      const answers = await Promise.all(
        askers.map((who) =>
          who.call({
            method: "POST",
            url: `/api/events/${event.id}/meetings`,
            payload: { withUserId: ben.id, startsAt: slot(1) },
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
      expect(await holding(ben.id)).toHaveLength(1);
    }
  });

  it("accepts one of two overlapping requests answered at once, and gives two pairs at one time different spots", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { event, slot } = await networkingEvent(t, { meetingSpots: ["Table 1", "Table 2"] });
      const [ben, ann, cleo, dan, eve] = await Promise.all([1, 2, 3, 4, 5].map(() => attendee(t, event)));
      // Two pending requests for Ben's same time: what the request's own check keeps out, written directly so
      // that the acceptances alone race.
      const at = new Date(slot(2));
      const end = new Date(at.getTime() + 15 * 60_000);
      const rows = await t.database.db
        .insert(meetings)
        .values(
          [ann, cleo].map((who) => ({
            eventId: event.id,
            requesterId: who.id,
            inviteeId: ben.id,
            proposedBy: who.id,
            startsAt: at,
            endsAt: end,
          })),
        )
        .returning({ id: meetings.id });
      const answers = await Promise.all(
        rows.map((row) =>
          ben.call({ method: "PATCH", url: `/api/meetings/${row.id}`, payload: { status: "accepted" } }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const accepted = await t.database.db
        .select()
        .from(meetings)
        .where(and(eq(meetings.inviteeId, ben.id), eq(meetings.status, "accepted")));
      expect(accepted).toHaveLength(1);

      // Two other pairs accept the same time at once: each takes its own table.
      const first = await dan.call({
        method: "POST",
        url: `/api/events/${event.id}/meetings`,
        payload: { withUserId: ann.id, startsAt: slot(5) },
      });
      const second = await eve.call({
        method: "POST",
        url: `/api/events/${event.id}/meetings`,
        payload: { withUserId: cleo.id, startsAt: slot(5) },
      });
      await Promise.all([
        ann.call({ method: "PATCH", url: `/api/meetings/${first.json().meeting.id}`, payload: { status: "accepted" } }),
        cleo.call({
          method: "PATCH",
          url: `/api/meetings/${second.json().meeting.id}`,
          payload: { status: "accepted" },
        }),
      ]);
      const spots = await t.database.db
        .select({ spot: meetings.spot })
        .from(meetings)
        .where(and(eq(meetings.eventId, event.id), eq(meetings.startsAt, new Date(slot(5)))));
      expect(spots.map((s) => s.spot).sort()).toEqual(["Table 1", "Table 2"]);
    }
  });
});
