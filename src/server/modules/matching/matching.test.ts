import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "#server/modules/users/schema";
import { createEvent, createUser, participate } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";
import { eventMatching } from "./schema";
import { attendee, matchesOf, networkingEvent } from "./test-kit";

const t = testAppForSuite();

describe("what a person offers and seeks", () => {
  it("is kept on the profile: trimmed, duplicates dropped case-insensitively, returned by GET /api/user", async () => {
    const amy = await createUser(t);
    const res = await amy.call({
      method: "PATCH",
      url: `/api/users/${amy.id}`,
      payload: { offering: ["  product design ", "Product Design", "mentoring"], seeking: ["a cofounder"] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ offering: ["product design", "mentoring"], seeking: ["a cofounder"] });
    const me = await amy.call({ method: "GET", url: "/api/user" });
    expect(me.json()).toMatchObject({ offering: ["product design", "mentoring"], seeking: ["a cofounder"] });
  });

  it("refuses 6 phrases, 41 characters, NUL and a non-array with a message, storing nothing", async () => {
    const bo = await createUser(t);
    await bo.call({ method: "PATCH", url: `/api/users/${bo.id}`, payload: { offering: ["kept"] } });
    for (const offering of [
      ["a", "b", "c", "d", "e", "f"],
      ["x".repeat(41)],
      ["bad\u0000phrase"],
      "product design",
      ["   "],
    ]) {
      const res = await bo.call({ method: "PATCH", url: `/api/users/${bo.id}`, payload: { offering } });
      expect(res.statusCode, JSON.stringify(offering)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, bo.id));
    expect(row.offering).toEqual(["kept"]);
    // 40 characters after trimming are fine.
    const ok = await bo.call({
      method: "PATCH",
      url: `/api/users/${bo.id}`,
      payload: { offering: [` ${"y".repeat(40)} `] },
    });
    expect(ok.json().offering).toEqual(["y".repeat(40)]);
  });
});

describe("a host turns matchmaking on", () => {
  it("is on by default for networking events, off for social ones, with 15-minute meetings and no spots", async () => {
    const host = await createUser(t);
    const networking = await createEvent(host, { type: "networking", friendGroupId: undefined });
    const social = await createEvent(host);
    expect(networking).toMatchObject({ matchmaking: true, meetingSlotMinutes: 15, meetingSpots: [] });
    expect(social).toMatchObject({ matchmaking: false });
    const patched = await host.call({
      method: "PATCH",
      url: `/api/events/${social.id}`,
      payload: { matchmaking: true, meetingSlotMinutes: 30, meetingSpots: ["Table 1", " Table 2 ", "table 1"] },
    });
    expect(patched.json()).toMatchObject({
      matchmaking: true,
      meetingSlotMinutes: 30,
      meetingSpots: ["Table 1", "Table 2"],
    });
    for (const payload of [
      { meetingSlotMinutes: 25 },
      { meetingSpots: Array.from({ length: 51 }, (_, n) => `T${n}`) },
      { meetingSpots: ["x".repeat(41)] },
    ]) {
      const res = await host.call({ method: "PATCH", url: `/api/events/${social.id}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const detail = await host.call({ method: "GET", url: `/api/events/${social.id}` });
    expect(detail.json()).toMatchObject({ meetingSlotMinutes: 30, meetingSpots: ["Table 1", "Table 2"] });
  });

  it("answers 404 on every matching route while it is off", async () => {
    const host = await createUser(t);
    const social = await createEvent(host);
    const guest = await createUser(t);
    await participate(guest, social.id, "going");
    const calls = [
      { method: "GET", url: `/api/events/${social.id}/matching` },
      { method: "PUT", url: `/api/events/${social.id}/matching`, payload: { visible: true } },
      { method: "GET", url: `/api/events/${social.id}/matches` },
      { method: "GET", url: `/api/events/${social.id}/meetings` },
      { method: "GET", url: `/api/events/${social.id}/meeting-slots` },
      {
        method: "POST",
        url: `/api/events/${social.id}/meetings`,
        payload: { withUserId: host.id, startsAt: new Date().toISOString() },
      },
    ] as const;
    for (const call of calls) expect((await guest.call(call)).statusCode, call.url).toBe(404);
    expect((await host.call({ method: "GET", url: `/api/events/${social.id}/meeting-stats` })).statusCode).toBe(404);
  });
});

describe("opting in at an event", () => {
  it("starts from the profile's phrases, changes this event only, keeps a list left out, and only for people going", async () => {
    const { event } = await networkingEvent(t);
    const other = await networkingEvent(t);
    const cleo = await attendee(t, event, { offering: ["hiring"], seeking: ["designers"] }, { optIn: false });
    const before = await cleo.call({ method: "GET", url: `/api/events/${event.id}/matching` });
    expect(before.json()).toEqual({ visible: false, offering: ["hiring"], seeking: ["designers"] });
    const on = await cleo.call({
      method: "PUT",
      url: `/api/events/${event.id}/matching`,
      payload: { visible: true, seeking: ["a cofounder"] },
    });
    expect(on.json()).toEqual({ visible: true, offering: ["hiring"], seeking: ["a cofounder"] });
    const off = await cleo.call({
      method: "PUT",
      url: `/api/events/${event.id}/matching`,
      payload: { visible: false },
    });
    expect(off.json()).toEqual({ visible: false, offering: ["hiring"], seeking: ["a cofounder"] });
    const me = await cleo.call({ method: "GET", url: "/api/user" });
    expect(me.json().seeking).toEqual(["designers"]);

    // Not going to the other event: 403, nothing stored.
    const refused = await cleo.call({
      method: "PUT",
      url: `/api/events/${other.event.id}/matching`,
      payload: { visible: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only people going to this event can meet others here");
    const rows = await t.database.db
      .select()
      .from(eventMatching)
      .where(and(eq(eventMatching.userId, cleo.id), eq(eventMatching.eventId, other.event.id)));
    expect(rows).toEqual([]);
    const bad = await cleo.call({
      method: "PUT",
      url: `/api/events/${event.id}/matching`,
      payload: { visible: true, offering: ["x".repeat(41)] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("shows nobody before they opt in, and takes them out at once when they opt out", async () => {
    const { event } = await networkingEvent(t);
    const viewer = await attendee(t, event, { seeking: ["investors"] });
    const quiet = await attendee(t, event, { offering: ["investors"] }, { optIn: false });
    expect((await matchesOf(viewer, event.id)).body.matches).toEqual([]);
    await quiet.call({ method: "PUT", url: `/api/events/${event.id}/matching`, payload: { visible: true } });
    expect((await matchesOf(viewer, event.id)).body.matches.map((m: { user: { id: number } }) => m.user.id)).toEqual([
      quiet.id,
    ]);
    await quiet.call({ method: "PUT", url: `/api/events/${event.id}/matching`, payload: { visible: false } });
    expect((await matchesOf(viewer, event.id)).body.matches).toEqual([]);
  });
});
