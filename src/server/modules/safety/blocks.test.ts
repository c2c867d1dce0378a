import { describe, expect, it } from "vitest";
import { createGroup, eventSuite, type Who } from "#server/test/factories";

/**
 * A block makes each side as if gone to the other: the same answers an unknown id gets, whichever of
 * the two blocked. Every check runs in both directions (the blocker looking at the blocked, and back).
 */
const { signUp, createEvent, participate, notificationsOf } = eventSuite();

const block = async (blocker: Who, blocked: Who) => {
  const res = await blocker.call({ method: "POST", url: "/api/blocks", payload: { userId: blocked.id } });
  expect(res.statusCode).toBe(200);
};

/** A fresh pair where `blocker` blocked `blocked`, and the two directions to look from. */
async function blockedPair() {
  const blocker = await signUp({ fullName: "Vera Blocker" });
  const blocked = await signUp({ fullName: "Hank Blocked" });
  return {
    blocker,
    blocked,
    block: () => block(blocker, blocked),
    directions: [
      { viewer: blocked, other: blocker, name: "the blocked looking at the blocker" },
      { viewer: blocker, other: blocked, name: "the blocker looking at the blocked" },
    ],
  };
}

describe("a block hides each side from the other", () => {
  it("answers a profile 404 and leaves the person out of ?ids= and the user pages, both ways", async () => {
    const { blocker, blocked, block: doBlock, directions } = await blockedPair();
    // Each publishes a day, and each sees the other's before the block: the empty answer after it is the block's.
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const who of [blocker, blocked]) {
      const saved = await who.call({
        method: "POST",
        url: "/api/availability",
        payload: { userId: who.id, date: day, timeslots: ["evening"] },
      });
      expect(saved.statusCode).toBe(200);
    }
    const daysOf = async (viewer: Who, other: Who) =>
      (await viewer.call({ method: "GET", url: `/api/availability/user?userId=${other.id}` }))
        .json()
        .map((d: { date: string; timeslots: string[] }) => [d.date.slice(0, 10), d.timeslots]);
    for (const { viewer, other, name } of directions)
      expect(await daysOf(viewer, other), name).toEqual([[day, ["evening"]]]);
    await doBlock();
    for (const { viewer, other, name } of directions) {
      const profile = await viewer.call({ method: "GET", url: `/api/users/${other.id}` });
      expect(profile.statusCode, name).toBe(404);
      expect(profile.json().message).toBe("User not found");
      const byIds = await viewer.call({ method: "GET", url: `/api/users?ids=${other.id},${viewer.id}` });
      expect(byIds.statusCode, name).toBe(200);
      expect(
        byIds.json().map((u: { id: number }) => u.id),
        name,
      ).toEqual([viewer.id]);
      const page = await viewer.call({ method: "GET", url: `/api/users?cursor=${other.id - 1}&limit=1` });
      expect(
        page.json().map((u: { id: number }) => u.id),
        name,
      ).not.toContain(other.id);
      const friends = await viewer.call({ method: "GET", url: `/api/users/friends?userId=${other.id}` });
      expect(friends.statusCode, name).toBe(404);
      expect(await daysOf(viewer, other), name).toEqual([]);
    }
  });

  it("answers 404 for the other's event page, calendar file, swipe and join, both ways, and tells nobody", async () => {
    const { blocker, blocked, block: doBlock, directions } = await blockedPair();
    const eventOf = new Map<number, number>();
    for (const who of [blocker, blocked])
      eventOf.set(who.id, (await createEvent(who, { title: `Party of ${who.id}` })).id);
    // Both go to a third person's party: each sees the other's answer there until the block.
    const third = await signUp({ fullName: "Third Host" });
    const thirdParty = await createEvent(third, { title: "Third's party" });
    for (const who of [blocker, blocked]) expect((await participate(who, thirdParty.id, "going")).statusCode).toBe(201);
    const answerersSeenBy = async (viewer: Who) =>
      (await viewer.call({ method: "GET", url: `/api/event-participants?eventIds=${thirdParty.id}` }))
        .json()
        .map((a: { userId: number }) => a.userId);
    for (const { viewer, other, name } of directions) expect(await answerersSeenBy(viewer), name).toContain(other.id);
    await doBlock();
    for (const { viewer, other, name } of directions) {
      const eventId = eventOf.get(other.id) as number;
      for (const url of [`/api/events/${eventId}`, `/api/events/${eventId}/calendar.ics`]) {
        const res = await viewer.call({ method: "GET", url });
        expect(res.statusCode, `${name}: ${url}`).toBe(404);
        expect(res.body).not.toContain("Party of");
      }
      const swipe = await viewer.call({
        method: "POST",
        url: `/api/events/${eventId}/interaction`,
        payload: { action: "liked" },
      });
      expect(swipe.statusCode, name).toBe(404);
      expect((await participate(viewer, eventId, "going")).statusCode, name).toBe(404);
      const participants = await viewer.call({ method: "GET", url: `/api/event-participants?eventIds=${eventId}` });
      expect(participants.json(), name).toEqual([]);
      expect(await answerersSeenBy(viewer), name).toEqual([viewer.id]);
    }
    for (const who of [blocker, blocked]) expect(await notificationsOf(who.id)).toEqual([]);
  });

  it("keeps the other out of attendee lists and pending requests, and sends no notice across the block", async () => {
    const { blocker, blocked, block: doBlock } = await blockedPair();
    const third = await signUp({ fullName: "Third Person" });
    const party = await createEvent(blocker, { title: "Vera's party" });
    const meetup = await createEvent(blocker, { title: "Vera's meetup", type: "networking", category: "tech" });
    const hanksParty = await createEvent(blocked, { title: "Hank's party" });
    expect((await participate(blocked, party.id, "going")).statusCode).toBe(201);
    expect((await participate(blocked, meetup.id, "going")).statusCode).toBe(201);
    expect((await participate(third, hanksParty.id, "going")).statusCode).toBe(201);
    expect((await participate(blocker, hanksParty.id, "going")).statusCode).toBe(201);
    expect((await participate(third, party.id, "going")).statusCode).toBe(201);
    await doBlock();
    const before = (await notificationsOf(blocked.id)).length;

    // The host no longer sees the blocked person among the faces of their event, nor their answer, nor their request.
    const page = await blocker.call({ method: "GET", url: `/api/events/${party.id}` });
    expect(page.json().attendees.map((a: { id: number }) => a.id)).toEqual([third.id]);
    const answers = await blocker.call({ method: "GET", url: `/api/event-participants?eventIds=${party.id}` });
    expect(answers.json().map((a: { userId: number }) => a.userId)).toEqual([third.id]);
    // The block gave the blocker's seat at the blocked person's upcoming event back, as theirs at the blocker's.
    const theirs = await third.call({ method: "GET", url: `/api/events/${hanksParty.id}` });
    expect(theirs.json().attendees.map((a: { id: number }) => a.id)).toEqual([third.id]);
    const hanksView = await blocked.call({ method: "GET", url: `/api/events/${hanksParty.id}` });
    expect(hanksView.json().attendees.map((a: { id: number }) => a.id)).toEqual([third.id]);

    // The blocked person's pending request is gone from the host's view of it: deciding it is a 404 too.
    const requests = await blocker.call({ method: "GET", url: `/api/events/${meetup.id}/requests` });
    expect(requests.statusCode).toBe(200);
    expect(requests.json()).toEqual([]);
    const decide = await blocker.call({
      method: "POST",
      url: `/api/events/${meetup.id}/requests/${blocked.id}`,
      payload: { decision: "approve" },
    });
    expect(decide.statusCode).toBe(404);

    // The host edits the event the blocked person had joined: the third person hears of it, the blocked one does not.
    const edit = await blocker.call({ method: "PATCH", url: `/api/events/${party.id}`, payload: { title: "Moved" } });
    expect(edit.statusCode).toBe(200);
    expect((await notificationsOf(blocked.id)).length).toBe(before);
    expect((await notificationsOf(third.id)).some((n) => n.message.includes("Moved"))).toBe(true);
    // And the blocked person cannot reach the blocker's event to change anything either.
    const patch = await blocked.call({ method: "PATCH", url: `/api/events/${party.id}`, payload: { title: "Mine" } });
    expect(patch.statusCode).toBe(404);
  });

  it("keeps a group both are in shared: members, messages and the group's plans", async () => {
    const { blocker, blocked, block: doBlock } = await blockedPair();
    const group = await createGroup(blocker, { name: "Book club" });
    const join = await blocked.call({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` });
    expect(join.statusCode).toBe(200);
    const plan = await blocker.call({
      method: "POST",
      url: "/api/events",
      payload: { title: "Next meeting", date: new Date(Date.now() + 3 * 86_400_000).toISOString(), groupId: group.id },
    });
    expect(plan.statusCode).toBe(201);
    await doBlock();
    const members = await blocked.call({ method: "GET", url: `/api/groups/${group.id}/members` });
    expect(members.json().map((m: { id: number }) => m.id)).toContain(blocker.id);
    expect((await blocked.call({ method: "GET", url: `/api/events/${plan.json().id}` })).statusCode).toBe(200);
    const sent = await blocker.call({
      method: "POST",
      url: "/api/chat/messages",
      payload: { groupId: group.id, message: "Hello all" },
    });
    expect(sent.statusCode).toBe(201);
    const chat = await blocked.call({ method: "GET", url: `/api/chat/messages/${group.id}` });
    expect(JSON.stringify(chat.json())).toContain("Hello all");
    // Outside the group the two stay apart: no direct conversation.
    const direct = await blocked.call({ method: "POST", url: "/api/groups/direct", payload: { userId: blocker.id } });
    expect(direct.statusCode).toBe(404);
  });
});
