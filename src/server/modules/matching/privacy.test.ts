import { eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "#server/modules/notifications/schema";
import { userRoles } from "#server/modules/roles/schema";
import { createUser, participate, type Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";
import { eventMatching, meetings } from "./schema";
import { attendee, matchesOf, networkingEvent } from "./test-kit";

const t = testAppForSuite();

const ask = (who: Who, eventId: number, withUserId: number, startsAt: string) =>
  who.call({ method: "POST", url: `/api/events/${eventId}/meetings`, payload: { withUserId, startsAt } });
const listed = async (who: Who, eventId: number) =>
  (await matchesOf(who, eventId)).body.matches.map((m: { user: { id: number } }) => m.user.id);
const meetingsOf = async (who: Who, eventId: number) =>
  (await who.call({ method: "GET", url: `/api/events/${eventId}/meetings` })).json().meetings as Array<{
    id: number;
    status: string;
  }>;

describe("who is never listed", () => {
  it("leaves out anyone blocked either way, a suspended account and someone who left the event", async () => {
    const { event } = await networkingEvent(t);
    const viewer = await attendee(t, event, { interests: ["jazz"] });
    const [blocker, blockedOne, suspended, leaver, stays] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => attendee(t, event, { interests: ["jazz"] })),
    );
    expect((await listed(viewer, event.id)).sort()).toEqual(
      [blocker.id, blockedOne.id, suspended.id, leaver.id, stays.id].sort(),
    );
    await blocker.call({ method: "POST", url: "/api/blocks", payload: { userId: viewer.id } });
    await viewer.call({ method: "POST", url: "/api/blocks", payload: { userId: blockedOne.id } });
    const moderator = await createUser(t);
    await t.database.db.insert(userRoles).values({ userId: moderator.id, role: "moderator" });
    const suspend = await moderator.call({
      method: "PUT",
      url: `/api/admin/users/${suspended.id}/suspended`,
      payload: { suspended: true },
    });
    expect(suspend.statusCode).toBe(200);
    expect((await participate(leaver, event.id, "declined")).statusCode).toBeLessThan(300);
    expect(await listed(viewer, event.id)).toEqual([stays.id]);
    expect(await listed(blocker, event.id)).not.toContain(viewer.id);
  });
});

describe("a block", () => {
  it("cancels the meetings between the two; the one blocked reads that theirs was canceled, not by whom", async () => {
    const { event, slot } = await networkingEvent(t);
    const ann = await attendee(t, event, { fullName: "Ann Blocker" });
    const ben = await attendee(t, event, { fullName: "Ben Blocked" });
    const cleo = await attendee(t, event, { fullName: "Cleo Other" });
    const pending = (await ask(ann, event.id, ben.id, slot(0))).json().meeting;
    const accepted = (await ask(ben, event.id, ann.id, slot(1))).json().meeting;
    await ann.call({ method: "PATCH", url: `/api/meetings/${accepted.id}`, payload: { status: "accepted" } });
    const kept = (await ask(ann, event.id, cleo.id, slot(2))).json().meeting;

    await ann.call({ method: "POST", url: "/api/blocks", payload: { userId: ben.id } });
    const rows = await t.database.db.select().from(meetings).where(eq(meetings.eventId, event.id));
    const status = new Map(rows.map((r) => [r.id, r.status]));
    expect([status.get(pending.id), status.get(accepted.id), status.get(kept.id)]).toEqual([
      "canceled",
      "canceled",
      "pending",
    ]);
    // Each side's list no longer names the other; the meeting with someone else stays.
    expect((await meetingsOf(ann, event.id)).map((m) => m.id)).toEqual([kept.id]);
    expect(await meetingsOf(ben, event.id)).toEqual([]);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, ben.id));
    const quiet = told.filter((n) => n.title === "Meeting canceled" && n.actorId === null);
    expect(quiet).toHaveLength(2);
    for (const notice of quiet) {
      expect(notice.message).toMatch(/^Your meeting at Founders' evening was canceled: /);
      expect(notice.message).not.toContain("Ann");
    }
    // Nothing more to change between them, and no new request either way.
    expect(
      (await ben.call({ method: "PATCH", url: `/api/meetings/${accepted.id}`, payload: { startsAt: slot(4) } }))
        .statusCode,
    ).toBe(404);
    expect((await ask(ben, event.id, ann.id, slot(5))).statusCode).toBe(404);
  });
});

describe("deleting an account", () => {
  it("cancels its meetings (each other person told without a name) and forgets its phrases and opt-ins", async () => {
    const { event, slot } = await networkingEvent(t);
    const gone = await attendee(t, event, { fullName: "Dana Deleted", offering: ["angel checks"] });
    const ann = await attendee(t, event, { fullName: "Ann Stays", seeking: ["angel checks"] });
    const m = (await ask(gone, event.id, ann.id, slot(0))).json().meeting;
    await ann.call({ method: "PATCH", url: `/api/meetings/${m.id}`, payload: { status: "accepted" } });
    expect(await listed(ann, event.id)).toEqual([gone.id]);

    const res = await gone.call({ method: "DELETE", url: "/api/account", payload: { password: gone.password } });
    expect(res.statusCode).toBe(200);
    expect(await listed(ann, event.id)).toEqual([]);
    expect(await meetingsOf(ann, event.id)).toEqual([]);
    const left = await t.database.db
      .select()
      .from(meetings)
      .where(or(eq(meetings.requesterId, gone.id), eq(meetings.inviteeId, gone.id)));
    expect(left).toEqual([]);
    expect(await t.database.db.select().from(eventMatching).where(eq(eventMatching.userId, gone.id))).toEqual([]);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, ann.id));
    expect(told.map((n) => n.message).join("\n")).not.toContain("Dana");
    expect(told.some((n) => /^Your meeting at Founders' evening was canceled/.test(n.message))).toBe(true);
  });
});

describe("a hidden event", () => {
  it("stops its matchmaking for everyone, its host too: no suggestions, meetings, reminders or calendar entries", async () => {
    const { event, slot, host } = await networkingEvent(t);
    const ann = await attendee(t, event, { interests: ["jazz"] });
    const ben = await attendee(t, event, { interests: ["jazz"] });
    const m = (await ask(ann, event.id, ben.id, slot(1))).json().meeting;
    await ben.call({ method: "PATCH", url: `/api/meetings/${m.id}`, payload: { status: "accepted" } });
    const moderator = await createUser(t);
    await t.database.db.insert(userRoles).values({ userId: moderator.id, role: "moderator" });
    await moderator.call({ method: "PUT", url: `/api/admin/events/${event.id}/hidden`, payload: { hidden: true } });

    expect((await matchesOf(ann, event.id)).status).toBe(404);
    expect((await ann.call({ method: "GET", url: `/api/events/${event.id}/meetings` })).statusCode).toBe(404);
    expect((await host.call({ method: "GET", url: `/api/events/${event.id}/meeting-stats` })).statusCode).toBe(404);
    expect(
      (await ann.call({ method: "PATCH", url: `/api/meetings/${m.id}`, payload: { status: "canceled" } })).statusCode,
    ).toBe(404);
    const start = new Date(slot(1));
    expect(await t.app.workers.meetingReminders.runOnce(new Date(start.getTime() - 5 * 60_000))).toBe(0);
    const { url } = (await ann.call({ method: "GET", url: "/api/calendar/subscription" })).json();
    const feed = await t.app.inject({ method: "GET", url: new URL(url).pathname });
    expect(feed.body).not.toContain("Meeting with");
  });
});
