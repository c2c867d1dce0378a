import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONVERSATION_TEXTS } from "#contract/event-conversation";
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
      userId: number;
    }[];
    expect(chat.map((m) => [m.userId, m.message])).toEqual([
      [host.id, CONVERSATION_TEXTS.hostUpdate("Doors at seven")],
    ]);
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
});
