import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupMembers } from "#server/modules/groups/schema";
import { eventSuite, type Who } from "#server/test/factories";
import { eventParticipants } from "./schema";

/**
 * Seats given back (a leave, an account's deletion) go to the waiting while they fit, plus-ones included,
 * and the event's count always equals the seats its going rows hold.
 */
const { app, signUp, createEvent, participate, eventRow, notificationsOf } = eventSuite();

const join = (who: Who, eventId: number, guests = 0) =>
  who.call({
    method: "POST",
    url: "/api/event-participants",
    payload: { eventId, userId: who.id, status: "going", guests },
  });
const waitFor = async (who: Who, eventId: number) => {
  const res = await participate(who, eventId, "waitlisted");
  expect(res.json().status).toBe("waitlisted");
};
const statusOf = async (eventId: number, userId: number) =>
  (
    await app()
      .database.db.select()
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
  )[0]?.status ?? null;
/** The seats the going rows hold (each 1 + its plus-ones), as the stored count must say. */
const seatsHeld = async (eventId: number) => {
  const [row] = await app()
    .database.db.select({ n: sql<number>`coalesce(sum(1 + ${eventParticipants.guests}), 0)::int` })
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.status, "going")));
  return row.n;
};

describe("a person with a plus-one gives their seats back", () => {
  it("leaving moves up everyone waiting who fits, not only the first", async () => {
    const host = await signUp();
    const event = await createEvent(host, { maxAttendees: 3, maxGuestsPerPerson: 1 });
    const [ann, ben, cal, dee] = [await signUp(), await signUp(), await signUp(), await signUp()];
    expect((await join(ann, event.id, 1)).statusCode).toBe(201);
    expect((await join(ben, event.id)).statusCode).toBe(201);
    await waitFor(cal, event.id);
    await waitFor(dee, event.id);

    expect((await participate(ann, event.id, "declined")).json().status).toBe("declined");
    expect([await statusOf(event.id, cal.id), await statusOf(event.id, dee.id)]).toEqual(["going", "going"]);
    expect((await eventRow(event.id)).goingCount).toBe(3);
    expect(await seatsHeld(event.id)).toBe(3);
    for (const who of [cal, dee])
      expect((await notificationsOf(who.id)).map((n) => n.title)).toEqual(["You're off the waitlist"]);
  });

  it("the line keeps its order: a party that does not fit stops it, nobody behind jumps ahead", async () => {
    const host = await signUp();
    const event = await createEvent(host, { maxAttendees: 2, maxGuestsPerPerson: 2 });
    const [ann, ben, cal] = [await signUp(), await signUp(), await signUp()];
    expect((await join(ann, event.id)).statusCode).toBe(201);
    expect((await join(ben, event.id)).statusCode).toBe(201);
    // Cal waits with two plus-ones (three seats), then Dee alone.
    const waiting = await cal.call({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: event.id, userId: cal.id, status: "waitlisted", guests: 2 },
    });
    expect(waiting.json().status).toBe("waitlisted");
    const dee = await signUp();
    await waitFor(dee, event.id);
    await participate(ann, event.id, "declined");
    expect([await statusOf(event.id, cal.id), await statusOf(event.id, dee.id)]).toEqual(["waitlisted", "waitlisted"]);
    expect((await eventRow(event.id)).goingCount).toBe(1);
  });

  it("two concurrent leaves of people with plus-ones seat all four waiting, and the count agrees", async () => {
    const host = await signUp();
    const event = await createEvent(host, { maxAttendees: 4, maxGuestsPerPerson: 1 });
    const [ann, ben] = [await signUp(), await signUp()];
    expect((await join(ann, event.id, 1)).statusCode).toBe(201);
    expect((await join(ben, event.id, 1)).statusCode).toBe(201);
    const waiting: Who[] = [];
    for (let i = 0; i < 4; i++) {
      waiting.push(await signUp());
      await waitFor(waiting[i], event.id);
    }
    const left = await Promise.all([participate(ann, event.id, "declined"), participate(ben, event.id, "declined")]);
    expect(left.map((r) => r.statusCode)).toEqual([201, 201]);
    for (const who of waiting) expect(await statusOf(event.id, who.id)).toBe("going");
    expect((await eventRow(event.id)).goingCount).toBe(4);
    expect(await seatsHeld(event.id)).toBe(4);
  });
});

describe("deleting an account", () => {
  it("frees every seat it held, plus-ones included, promotes the waiting, and the count and list agree", async () => {
    const host = await signUp();
    const event = await createEvent(host, { maxAttendees: 3, maxGuestsPerPerson: 1 });
    const other = await createEvent(host, { title: "Brunch", maxAttendees: 1 });
    const leaver = await signUp({ fullName: "Lee Leaving" });
    const ann = await signUp();
    expect((await join(leaver, event.id, 1)).statusCode).toBe(201);
    expect((await join(ann, event.id)).statusCode).toBe(201);
    expect((await join(leaver, other.id)).statusCode).toBe(201);
    const [ben, cal, dee] = [await signUp(), await signUp(), await signUp()];
    await waitFor(ben, event.id);
    await waitFor(cal, event.id);
    await waitFor(dee, other.id);

    const gone = await leaver.call({ method: "DELETE", url: "/api/account", payload: { password: leaver.password } });
    expect(gone.statusCode, gone.body).toBe(200);

    expect([await statusOf(event.id, ben.id), await statusOf(event.id, cal.id)]).toEqual(["going", "going"]);
    expect(await statusOf(other.id, dee.id)).toBe("going");
    expect((await eventRow(event.id)).goingCount).toBe(3);
    expect(await seatsHeld(event.id)).toBe(3);
    expect((await eventRow(other.id)).goingCount).toBe(1);
    expect((await notificationsOf(dee.id)).map((n) => n.title)).toEqual(["You're off the waitlist"]);
    // What the guests read: the count and the faces agree, and the person is in neither.
    const page = (await ann.call({ method: "GET", url: `/api/events/${event.id}` })).json();
    expect(page.attendeeCount).toBe(3);
    expect(page.attendees.map((a: { id: number }) => a.id).sort()).toEqual([ann.id, ben.id, cal.id].sort());
    // A newcomer to the brunch is told it is full, not seated over the count.
    const late = await join(await signUp(), other.id);
    expect([late.statusCode, late.json().message]).toEqual([409, "This event is full"]);
  });

  it("in the host's confirm mode, offers the freed seat for an hour", async () => {
    const host = await signUp();
    const event = await createEvent(host, { maxAttendees: 1, waitlistMode: "confirm" });
    const leaver = await signUp();
    const ben = await signUp();
    expect((await join(leaver, event.id)).statusCode).toBe(201);
    await waitFor(ben, event.id);
    await leaver.call({ method: "DELETE", url: "/api/account", payload: { password: leaver.password } });
    const [row] = await app()
      .database.db.select()
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, ben.id)));
    expect(row.status).toBe("going");
    expect(row.confirmBy).not.toBeNull();
    expect((await notificationsOf(ben.id)).map((n) => n.title)).toEqual(["A spot opened up"]);
  });
});

describe("a block gives the seats across it back", () => {
  it("takes each side out of the other's upcoming hosted events and conversations, telling nobody; not a co-host's", async () => {
    const [host, otherHost, blocked, blocking, waiting, bystander] = [
      await signUp(),
      await signUp(),
      await signUp(),
      await signUp(),
      await signUp(),
      await signUp(),
    ];
    const full = await createEvent(host, { maxAttendees: 3, maxGuestsPerPerson: 1 });
    expect((await join(blocked, full.id, 1)).statusCode).toBe(201);
    expect((await join(blocking, full.id)).statusCode).toBe(201);
    await waitFor(waiting, full.id);
    // The first update opens the guests' conversation with everyone going in it.
    const update = await host.call({
      method: "POST",
      url: `/api/events/${full.id}/updates`,
      payload: { message: "Doors at eight" },
    });
    expect(update.statusCode).toBe(201);
    const { groupId } = (await host.call({ method: "GET", url: `/api/events/${full.id}/conversation` })).json();
    // The blocked person's own event, where the host goes: the host's seat there goes too.
    const theirs = await createEvent(blocked);
    expect((await join(host, theirs.id)).statusCode).toBe(201);
    // An event the host only co-hosts (the other host's: kept), and one already past (kept).
    const cohosted = await createEvent(otherHost);
    const past = await createEvent(host);
    for (const event of [cohosted, past]) expect((await join(blocked, event.id)).statusCode).toBe(201);
    expect(
      (
        await otherHost.call({
          method: "POST",
          url: `/api/events/${cohosted.id}/cohosts`,
          payload: { userId: host.id },
        })
      ).statusCode,
    ).toBe(201);
    expect((await join(bystander, cohosted.id)).statusCode).toBe(201);
    await app().database.db.execute(sql`update events set date = now() - interval '1 day' where id = ${past.id}`);
    const noticesBefore = new Map(
      await Promise.all(
        [host, blocked, blocking].map(async (w) => [w.id, (await notificationsOf(w.id)).length] as const),
      ),
    );

    const block = async (blocker: Who, other: Who) =>
      expect(
        (await blocker.call({ method: "POST", url: "/api/blocks", payload: { userId: other.id } })).statusCode,
      ).toBe(200);
    await block(host, blocked);
    await block(blocking, host);

    expect(await statusOf(full.id, blocked.id)).toBeNull();
    expect(await statusOf(full.id, blocking.id)).toBeNull();
    expect(await statusOf(theirs.id, host.id)).toBeNull();
    expect(await statusOf(cohosted.id, blocked.id)).toBe("going");
    expect(await statusOf(cohosted.id, bystander.id)).toBe("going");
    expect(await statusOf(past.id, blocked.id)).toBe("going");
    // The seats freed went to the waiting, who alone hear of it; the count matches the going rows.
    expect(await statusOf(full.id, waiting.id)).toBe("going");
    expect((await notificationsOf(waiting.id)).map((n) => n.title)).toEqual(["You're off the waitlist"]);
    for (const event of [full, theirs, cohosted])
      expect((await eventRow(event.id)).goingCount).toBe(await seatsHeld(event.id));
    for (const [userId, count] of noticesBefore) expect((await notificationsOf(userId)).length).toBe(count);
    const members = (await app().database.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId))).map(
      (m) => m.userId,
    );
    // Both left the conversation (the one moved up joins it on their first look).
    expect(members).toEqual([host.id]);
  });
});

describe("blocking a co-host", () => {
  it("names the events it would leave, keeps someone else's event unless asked, and hides nobody's event", async () => {
    const [host, cohost, keeper, leaver] = [await signUp(), await signUp(), await signUp(), await signUp()];
    const shared = await createEvent(host, { title: "Harbour Picnic" });
    const theirs = await createEvent(cohost, { title: "Cohost's Own Party" });
    expect(
      (await host.call({ method: "POST", url: `/api/events/${shared.id}/cohosts`, payload: { userId: cohost.id } }))
        .statusCode,
    ).toBe(201);
    for (const guest of [keeper, leaver])
      for (const event of [shared, theirs]) expect((await join(guest, event.id)).statusCode).toBe(201);

    // Asked first: the co-host's own event would be left; the host's event may be kept.
    const asked = await keeper.call({ method: "GET", url: `/api/blocks/${cohost.id}/events` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      leaving: [{ id: theirs.id, title: "Cohost's Own Party", date: expect.any(String) }],
      keepable: [{ id: shared.id, title: "Harbour Picnic", date: expect.any(String) }],
    });
    expect((await keeper.call({ method: "GET", url: `/api/blocks/${keeper.id}/events` })).statusCode).toBe(400);
    expect((await keeper.call({ method: "GET", url: "/api/blocks/99999999/events" })).statusCode).toBe(404);

    const block = (who: Who, payload: object) => who.call({ method: "POST", url: "/api/blocks", payload });
    expect((await block(keeper, { userId: cohost.id })).statusCode).toBe(200);
    expect((await block(leaver, { userId: cohost.id, keepEvents: false })).statusCode).toBe(200);

    expect(await statusOf(theirs.id, keeper.id)).toBeNull();
    expect(await statusOf(theirs.id, leaver.id)).toBeNull();
    expect(await statusOf(shared.id, keeper.id)).toBe("going");
    expect(await statusOf(shared.id, leaver.id)).toBeNull();
    // The host's event is still there for both, without the co-host they blocked; the co-host's own is gone.
    for (const guest of [keeper, leaver]) {
      const page = await guest.call({ method: "GET", url: `/api/events/${shared.id}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(cohost.user.username);
      expect((await guest.call({ method: "GET", url: `/api/events/${theirs.id}` })).statusCode).toBe(404);
    }
    expect((await eventRow(shared.id)).goingCount).toBe(await seatsHeld(shared.id));
  });
});
