import { and, eq, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messageKey } from "#contract/i18n/texts";
import { SAFETY_TEXTS } from "#contract/safety";
import { follows } from "#server/modules/follows/schema";
import { friendships } from "#server/modules/friends/schema";
import { meetings } from "#server/modules/matching/schema";
import { attendee, networkingEvent } from "#server/modules/matching/test-kit";
import { eventParticipants } from "#server/modules/participants/schema";
import { openSocket } from "#server/realtime/socket-test-client";
import { createEvent, createUser, participate, type Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";
import { userBlocks } from "./schema";

/**
 * Everything a block ends, each seen from where the people notice it: their follows and friendship, their
 * meetings, their seats, and their sockets on the conversation only the two of them shared.
 */
const t = testAppForSuite({}, { listen: true });

const block = (blocker: Who, payload: { userId: number; keepEvents?: boolean }) =>
  blocker.call({ method: "POST", url: "/api/blocks", payload });
const blocked = async (blocker: Who, other: Who, keepEvents?: boolean) => {
  const res = await block(blocker, keepEvents === undefined ? { userId: other.id } : { userId: other.id, keepEvents });
  expect(res.statusCode, res.body).toBe(200);
};
const statusAt = async (eventId: number, userId: number) =>
  (
    await t.database.db
      .select({ status: eventParticipants.status })
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
  )[0]?.status ?? null;

describe("a block refused", () => {
  it("answers oneself 400 and an unknown account 404 by code, asked first or done, and stores no block", async () => {
    const me = await createUser(t);
    const refusals = [
      [await block(me, { userId: me.id }), 400, "blockSelf"],
      [await block(me, { userId: 99_999_999 }), 404, "userNotFound"],
      [await me.call({ method: "GET", url: `/api/blocks/${me.id}/events` }), 400, "blockSelf"],
      [await me.call({ method: "GET", url: "/api/blocks/99999999/events" }), 404, "userNotFound"],
    ] as const;
    for (const [res, status, key] of refusals) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message: SAFETY_TEXTS[key], code: messageKey(SAFETY_TEXTS, key) });
    }
    expect(await t.database.db.select().from(userBlocks).where(eq(userBlocks.blockerId, me.id))).toEqual([]);
  });
});

describe("a block ends", () => {
  it("following both ways and an accepted friendship", async () => {
    const [ann, ben] = [await createUser(t), await createUser(t)];
    for (const [from, to] of [
      [ann, ben],
      [ben, ann],
    ])
      expect((await from.call({ method: "POST", url: `/api/users/${to.id}/follow` })).statusCode).toBeLessThan(300);
    await ann.call({ method: "POST", url: "/api/friends/requests", payload: { userId: ben.id } });
    const accepted = await ben.call({ method: "POST", url: `/api/friends/requests/${ann.id}/accept` });
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
    // Ann is in no other follow or friendship: every row naming her is between the two.
    const follow = () =>
      t.database.db
        .select()
        .from(follows)
        .where(or(eq(follows.followerId, ann.id), eq(follows.followedId, ann.id)));
    const friendship = () =>
      t.database.db
        .select()
        .from(friendships)
        .where(or(eq(friendships.requesterId, ann.id), eq(friendships.addresseeId, ann.id)));
    expect(await follow()).toHaveLength(2);
    expect(await friendship()).toHaveLength(1);

    await blocked(ann, ben);
    expect(await follow()).toEqual([]);
    expect(await friendship()).toEqual([]);
  });

  it("the meetings between the two, and no one else's", async () => {
    const { event, slot } = await networkingEvent(t);
    const [ann, ben, cleo] = [await attendee(t, event), await attendee(t, event), await attendee(t, event)];
    const ask = async (from: Who, to: Who, at: string) =>
      (
        await from.call({
          method: "POST",
          url: `/api/events/${event.id}/meetings`,
          payload: { withUserId: to.id, startsAt: at },
        })
      ).json().meeting?.id as number | undefined;
    const across = await ask(ann, ben, slot(0));
    const kept = await ask(ann, cleo, slot(1));
    expect(across).toEqual(expect.any(Number));

    await blocked(ann, ben);
    const status = new Map(
      (await t.database.db.select().from(meetings).where(eq(meetings.eventId, event.id))).map((m) => [m.id, m.status]),
    );
    expect([status.get(across as number), status.get(kept as number)]).toEqual(["canceled", "pending"]);
  });

  it("each one's seat at the other's event; a co-hosted one only when the blocker says so", async () => {
    const [host, cohost, keeper, leaver] = [
      await createUser(t),
      await createUser(t),
      await createUser(t),
      await createUser(t),
    ];
    const shared = await createEvent(host, { title: "Shared" });
    const cohostOwn = await createEvent(cohost, { title: "Cohost's own" });
    const added = await host.call({
      method: "POST",
      url: `/api/events/${shared.id}/cohosts`,
      payload: { userId: cohost.id },
    });
    expect(added.statusCode).toBe(201);
    for (const guest of [keeper, leaver])
      for (const event of [shared, cohostOwn])
        expect((await participate(guest, event.id, "going")).statusCode).toBe(201);

    // The default keeps the co-hosted event; `false` said plainly leaves it.
    await blocked(keeper, cohost);
    await blocked(leaver, cohost, false);
    expect(await statusAt(shared.id, keeper.id)).toBe("going");
    expect(await statusAt(shared.id, leaver.id)).toBeNull();
    expect(await statusAt(cohostOwn.id, keeper.id)).toBeNull();
    expect(await statusAt(cohostOwn.id, leaver.id)).toBeNull();
  });

  it("a guest's socket on a past event's conversation, whichever of guest and host blocked", async () => {
    // A past event keeps its seats (a block releases only upcoming ones), so no leave takes the guest's socket
    // off its conversation: only the block, which makes the host's event invisible to them, does.
    for (const guestBlocks of [false, true]) {
      const [host, guest] = [await createUser(t), await createUser(t)];
      const event = await createEvent(host);
      expect((await participate(guest, event.id, "going")).statusCode).toBe(201);
      const talk = await guest.call({ method: "GET", url: `/api/events/${event.id}/conversation` });
      expect(talk.statusCode, talk.body).toBe(200);
      const groupId = talk.json().groupId as number;
      await t.database.db.execute(sql`update events set date = now() - interval '1 day' where id = ${event.id}`);
      const socket = await openSocket(t.base, guest.cookie);
      socket.send({ type: "join_group", groupId });
      await socket.next("joined_group", (m) => m.groupId === groupId);

      if (guestBlocks) await blocked(guest, host);
      else await blocked(host, guest);
      expect(await statusAt(event.id, guest.id), "the seat at a past event stays").toBe("going");
      await socket.next("left_group", (m) => m.groupId === groupId, 5000);
      await socket.close();
    }
  });
});
