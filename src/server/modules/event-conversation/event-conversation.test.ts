import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONVERSATION_TEXTS } from "#contract/event-conversation";
import { events } from "#server/modules/events/schema";
import { groupMembers, groups } from "#server/modules/groups/schema";
import { eventSuite, type Who } from "#server/test/factories";
import { conversationMutes } from "./schema";

const { app, signUp, createEvent, participate } = eventSuite();

const open = (who: Who, eventId: number) => who.call({ method: "GET", url: `/api/events/${eventId}/conversation` });
const members = async (groupId: number) =>
  (await app().database.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId)))
    .map((m) => m.userId)
    .sort((a, b) => a - b);

describe("GET /api/events/{id}/conversation", () => {
  it("is made on first use for the host and everyone going, the same group for all; others are refused", async () => {
    const host = await signUp();
    const [ann, bob, cid] = [await signUp(), await signUp(), await signUp()];
    const event = await createEvent(host, { title: "Harbour Supper" });
    await participate(ann, event.id, "going");
    await participate(bob, event.id, "going");

    const first = await open(ann, event.id);
    expect(first.statusCode).toBe(200);
    const { groupId, muted } = first.json();
    expect(muted).toBe(false);
    expect(await members(groupId)).toEqual([host.id, ann.id, bob.id].sort((a, b) => a - b));
    expect((await open(host, event.id)).json().groupId).toBe(groupId);

    // Not going: refused, nothing joined.
    expect((await open(cid, event.id)).statusCode).toBe(403);
    expect((await open(cid, 999_999)).statusCode).toBe(404);
    expect((await app().app.inject({ method: "GET", url: `/api/events/${event.id}/conversation` })).statusCode).toBe(
      401,
    );
    // Going later: joins on the first look. The chat is the group chat's.
    await participate(cid, event.id, "going");
    expect((await open(cid, event.id)).json().groupId).toBe(groupId);
    const sent = await cid.call({ method: "POST", url: "/api/chat/messages", payload: { groupId, message: "Hi all" } });
    expect(sent.statusCode).toBeLessThan(300);
    const read = await ann.call({ method: "GET", url: `/api/chat/messages/${groupId}` });
    expect(JSON.stringify(read.json())).toContain("Hi all");
  });

  it("is named in the guest's group list by its event; an ordinary group and a direct one name none", async () => {
    const host = await signUp();
    const guest = await signUp();
    const event = await createEvent(host, { title: "Lantern Walk" });
    await participate(guest, event.id, "going");
    const { groupId } = (await open(guest, event.id)).json();
    const crew = await guest.call({ method: "POST", url: "/api/groups", payload: { name: "Lantern Crew" } });
    const direct = await guest.call({ method: "POST", url: "/api/groups/direct", payload: { userId: host.id } });

    const list = (await guest.call({ method: "GET", url: "/api/groups/user" })).json() as {
      id: number;
      eventId: number | null;
    }[];
    const eventOf = new Map(list.map((g) => [g.id, g.eventId]));
    expect(eventOf.get(groupId)).toBe(event.id);
    expect(eventOf.get(crew.json().id)).toBeNull();
    expect(eventOf.get(direct.json().id)).toBeNull();
    expect(list).toHaveLength(3);
  });

  it("two first uses at once make one conversation", async () => {
    const host = await signUp();
    const guest = await signUp();
    const event = await createEvent(host);
    await participate(guest, event.id, "going");
    const [a, b] = await Promise.all([open(host, event.id), open(guest, event.id)]);
    expect(a.json().groupId).toBe(b.json().groupId);
  });

  it("a guest who stops going leaves it; the host never does; a muted conversation reads back muted", async () => {
    const host = await signUp();
    const guest = await signUp();
    const event = await createEvent(host);
    await participate(guest, event.id, "going");
    const { groupId } = (await open(guest, event.id)).json();

    const mute = await guest.call({
      method: "PUT",
      url: `/api/events/${event.id}/conversation/mute`,
      payload: { muted: true },
    });
    expect(mute.json()).toEqual({ groupId, muted: true });
    expect((await open(guest, event.id)).json().muted).toBe(true);
    expect(
      await app()
        .database.db.select()
        .from(conversationMutes)
        .where(and(eq(conversationMutes.groupId, groupId), eq(conversationMutes.userId, guest.id))),
    ).toHaveLength(1);
    expect(
      (
        await guest.call({
          method: "PUT",
          url: `/api/events/${event.id}/conversation/mute`,
          payload: { muted: "yes" },
        })
      ).statusCode,
    ).toBe(400);

    await participate(guest, event.id, "declined");
    expect(await members(groupId)).toEqual([host.id]);
    expect((await open(guest, event.id)).statusCode).toBe(403);
    const chat = await guest.call({ method: "GET", url: `/api/chat/messages/${groupId}` });
    expect(chat.statusCode).toBe(403);
  });

  it("carries the hosts' updates to the going guests, made on the first update; other audiences stay out", async () => {
    const host = await signUp();
    const guest = await signUp();
    const event = await createEvent(host, { title: "Dockside Dinner" });
    await participate(guest, event.id, "going");
    const update = (payload: Record<string, unknown>) =>
      host.call({ method: "POST", url: `/api/events/${event.id}/updates`, payload });
    expect((await update({ message: "Doors at seven" })).statusCode).toBe(201);
    expect((await update({ message: "Waitlist only", audience: ["waitlisted"] })).statusCode).toBe(201);

    const { groupId } = (await open(guest, event.id)).json();
    const chat = (await guest.call({ method: "GET", url: `/api/chat/messages/${groupId}` })).json() as {
      message: string;
      messageType: string;
      userId: number;
    }[];
    // The host's words and the kind, never "Update from the host" in one language: each screen frames it in its own.
    expect(chat.map((m) => [m.userId, m.messageType, m.message])).toEqual([[host.id, "update", "Doors at seven"]]);
  });

  it("is not found across a block with the host, as an unknown event, even for an answer kept from before", async () => {
    const host = await signUp();
    const [blockedGuest, blockingGuest, stranger] = [await signUp(), await signUp(), await signUp()];
    const event = await createEvent(host);
    for (const who of [blockedGuest, blockingGuest]) await participate(who, event.id, "going");
    const { groupId } = (await open(host, event.id)).json();
    // Past: a block gives back no seat of a past event, so both still hold a going answer.
    await app()
      .database.db.update(events)
      .set({ date: new Date(Date.now() - 86_400_000) })
      .where(eq(events.id, event.id));
    const blockOf = async (blocker: Who, other: Who) =>
      expect(
        (await blocker.call({ method: "POST", url: "/api/blocks", payload: { userId: other.id } })).statusCode,
      ).toBe(200);
    await blockOf(host, blockedGuest);
    await blockOf(blockingGuest, host);

    const before = await members(groupId);
    const unknown = await open(stranger, 2_147_483_000);
    for (const who of [blockedGuest, blockingGuest]) {
      const res = await open(who, event.id);
      expect([res.statusCode, res.json()]).toEqual([unknown.statusCode, unknown.json()]);
      const mute = await who.call({
        method: "PUT",
        url: `/api/events/${event.id}/conversation/mute`,
        payload: { muted: true },
      });
      expect(mute.statusCode).toBe(404);
    }
    // Asking changed nothing: the past event's conversation stays closed to them (groupOpenTo), nobody joined.
    expect(await members(groupId)).toEqual(before);
  });

  it("goes with its event: the host deleting their account leaves no conversation group behind", async () => {
    const host = await signUp();
    const guest = await signUp();
    const event = await createEvent(host);
    await participate(guest, event.id, "going");
    const { groupId } = (await open(guest, event.id)).json();
    const gone = await host.call({ method: "DELETE", url: "/api/account", payload: { password: host.password } });
    expect(gone.statusCode).toBeLessThan(300);
    expect(await app().database.db.select().from(groups).where(eq(groups.id, groupId))).toEqual([]);
  });

  it("goes with a plan of a direct conversation: a guest deleting their account takes both away", async () => {
    const host = await signUp();
    const guest = await signUp();
    const direct = await guest.call({ method: "POST", url: "/api/groups/direct", payload: { userId: host.id } });
    expect(direct.statusCode).toBe(201);
    const made = await host.call({
      method: "POST",
      url: "/api/events",
      payload: { title: "Lunch", date: new Date(Date.now() + 3 * 86_400_000).toISOString(), groupId: direct.json().id },
    });
    expect(made.statusCode).toBe(201);
    const plan = made.json() as { id: number };
    await participate(guest, plan.id, "going");
    const { groupId } = (await open(guest, plan.id)).json();
    expect(await members(groupId)).toEqual([host.id, guest.id].sort((a, b) => a - b));

    const gone = await guest.call({ method: "DELETE", url: "/api/account", payload: { password: guest.password } });
    expect(gone.statusCode).toBeLessThan(300);
    expect(await app().database.db.select().from(events).where(eq(events.id, plan.id))).toEqual([]);
    expect(await app().database.db.select().from(groups).where(eq(groups.id, groupId))).toEqual([]);
    expect((await open(host, plan.id)).statusCode).toBe(404);
  });

  it("holds no plans: neither a guest nor the host can plan an event or a poll in it, and nothing is stored", async () => {
    const host = await signUp();
    const guest = await signUp();
    const event = await createEvent(host);
    await participate(guest, event.id, "going");
    const { groupId } = (await open(guest, event.id)).json();
    const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const plans = [
      { title: "Afterparty", groupId, date: soon(30), location: "Pier 7" },
      { title: "Afterparty", groupId, options: [{ date: soon(30) }, { date: soon(54) }], decideBy: soon(20) },
    ];
    for (const who of [guest, host])
      for (const payload of plans) {
        const answer = await who.call({ method: "POST", url: "/api/events", payload });
        expect([answer.statusCode, answer.json().message]).toEqual([403, CONVERSATION_TEXTS.noPlans]);
      }
    expect(await app().database.db.select().from(events).where(eq(events.groupId, groupId))).toEqual([]);
  });

  it("cannot be taken over: the hosts stay, nobody mints invite links, only the hosts remove guests", async () => {
    const host = await signUp();
    const cohost = await signUp();
    const [ann, bob] = [await signUp(), await signUp()];
    const event = await createEvent(host);
    await participate(cohost, event.id, "going");
    await participate(ann, event.id, "going");
    await participate(bob, event.id, "going");
    expect(
      (await host.call({ method: "POST", url: `/api/events/${event.id}/cohosts`, payload: { userId: cohost.id } }))
        .statusCode,
    ).toBe(201);
    const { groupId } = (await open(host, event.id)).json();
    const everyone = [host.id, cohost.id, ann.id, bob.id].sort((a, b) => a - b);
    const call = (who: Who, method: "POST" | "GET" | "DELETE", path: string) =>
      who.call({ method, url: `/api/groups/${groupId}${path}`, ...(method === "POST" ? { payload: {} } : {}) });
    const refusal = async (answer: Promise<{ statusCode: number; json(): { message: string } }>) => {
      const r = await answer;
      return [r.statusCode, r.json().message];
    };

    // The hosts cannot leave (so no guest is ever handed the admin role); they may mute instead.
    expect(await refusal(call(host, "POST", "/leave"))).toEqual([409, CONVERSATION_TEXTS.hostsStay]);
    expect(await refusal(call(cohost, "POST", "/leave"))).toEqual([409, CONVERSATION_TEXTS.hostsStay]);
    // No invite links, not even from the host who administers it.
    expect(await refusal(call(host, "POST", "/invites"))).toEqual([403, CONVERSATION_TEXTS.noInvites]);
    expect(await refusal(call(host, "GET", "/invitations"))).toEqual([403, CONVERSATION_TEXTS.noInvites]);
    // A guest removes nobody, even one holding the group's admin role.
    await app()
      .database.db.update(groupMembers)
      .set({ role: "admin" })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, ann.id)));
    expect(await refusal(call(ann, "DELETE", `/members/${bob.id}`))).toEqual([403, CONVERSATION_TEXTS.onlyHostsRemove]);
    expect(await refusal(call(ann, "POST", "/invites"))).toEqual([403, CONVERSATION_TEXTS.noInvites]);
    expect(await refusal(call(cohost, "DELETE", `/members/${host.id}`))).toEqual([409, CONVERSATION_TEXTS.hostsStay]);
    expect(await members(groupId)).toEqual(everyone);

    // The hosts remove a guest (the co-host too, though the group never made them admin); a guest may leave.
    expect((await call(cohost, "DELETE", `/members/${bob.id}`)).statusCode).toBe(200);
    expect((await call(ann, "POST", "/leave")).statusCode).toBe(200);
    expect(await members(groupId)).toEqual([host.id, cohost.id].sort((a, b) => a - b));
    const mute = await host.call({
      method: "PUT",
      url: `/api/events/${event.id}/conversation/mute`,
      payload: { muted: true },
    });
    expect(mute.json()).toEqual({ groupId, muted: true });
  });
});
