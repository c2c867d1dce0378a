import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type BusEvent, groupChannel } from "#contract/bus";
import { GROUP_TEXTS } from "#contract/groups";
import { messageKey } from "#contract/i18n/texts";
import { MESSAGE_REMOVED_TEXT } from "#contract/safety";
import { createInProcessBus } from "#server/realtime/bus";
import { createGroup, createUser, inDays, type Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";
import { onChatMessage } from "../notifications";
import { type ChatRepository, chatRepository, type StoredMessage } from "./repository";
import { chatMessages } from "./schema";
import { chatService } from "./service";

/**
 * Who may read a conversation, what a cursor pages, what a hidden message still carries, and that a plan's
 * card goes out live like a message.
 */
const t = testAppForSuite();

const notMember = { message: GROUP_TEXTS.notMember, code: messageKey(GROUP_TEXTS, "notMember") };

async function memberAndStranger() {
  const [member, stranger] = [await createUser(t), await createUser(t)];
  const group = await createGroup(member, { name: "Readers" });
  return { member, stranger, groupId: group.id };
}

const read = (who: Who, groupId: number, query = "") =>
  who.call({ method: "GET", url: `/api/chat/messages/${groupId}${query}` });

describe("reading a conversation", () => {
  it("is refused to someone not in it (403 by code), who learns nothing of its messages", async () => {
    const { member, stranger, groupId } = await memberAndStranger();
    const sent = await member.call({
      method: "POST",
      url: "/api/chat/messages",
      payload: { groupId, message: "ours" },
    });
    expect(sent.statusCode).toBe(201);
    // A person's message is plain text whatever else the server may write there.
    expect(sent.json().messageType).toBe("text");
    for (const query of ["", "?after=0", `?before=${sent.json().id + 1}`]) {
      const answer = await read(stranger, groupId, query);
      expect([answer.statusCode, answer.json()]).toEqual([403, notMember]);
    }
  });

  it("pages by cursor: after an id the newer ones oldest first, before an id the older ones", async () => {
    const { member, groupId } = await memberAndStranger();
    // Stored directly: sends in a row would spend the burst budget.
    const rows = await t.database.db
      .insert(chatMessages)
      .values(["one", "two", "three", "four"].map((message) => ({ groupId, userId: member.id, message })))
      .returning({ id: chatMessages.id });
    const texts = (res: { json: () => unknown }) => (res.json() as { message: string }[]).map((m) => m.message);
    expect(texts(await read(member, groupId, `?after=${rows[1].id}`))).toEqual(["three", "four"]);
    expect(texts(await read(member, groupId, `?before=${rows[2].id}`))).toEqual(["one", "two"]);
    expect(texts(await read(member, groupId, `?after=${rows[0].id}&limit=2`))).toEqual(["two", "three"]);
    expect(texts(await read(member, groupId))).toEqual(["one", "two", "three", "four"]);
  });
});

describe("a message a moderator hid", () => {
  it("leaves as 'Message removed' without its attachment or card data; a shown one keeps both", async () => {
    const { member, groupId } = await memberAndStranger();
    const card = { kind: "plan", eventId: 42 };
    const [shown, hidden] = await t.database.db
      .insert(chatMessages)
      .values([
        { groupId, userId: member.id, message: "look", attachmentUrl: "/uploads/shown.jpg", referenceData: card },
        { groupId, userId: member.id, message: "secret", attachmentUrl: "/uploads/hidden.jpg", referenceData: card },
      ])
      .returning({ id: chatMessages.id });
    await t.database.db.update(chatMessages).set({ hiddenAt: new Date() }).where(eq(chatMessages.id, hidden.id));
    const list = (await read(member, groupId)).json() as Record<string, unknown>[];
    expect(list.find((m) => m.id === shown.id)).toMatchObject({
      message: "look",
      attachmentUrl: "/uploads/shown.jpg",
      referenceData: card,
    });
    expect(list.find((m) => m.id === hidden.id)).toMatchObject({
      message: MESSAGE_REMOVED_TEXT,
      attachmentUrl: null,
      referenceData: null,
    });
  });
});

describe("a plan's card", () => {
  it("is published on its group's channel as it is stored, with its reference", async () => {
    const [admin, bob] = [await createUser(t), await createUser(t)];
    const group = await createGroup(admin, { name: "Brunch club" });
    expect((await bob.call({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` })).statusCode).toBe(
      200,
    );
    const heard: BusEvent[] = [];
    const unsubscribe = await t.bus.subscribe(groupChannel(group.id), (event) => heard.push(event));
    try {
      const poll = await admin.call({
        method: "POST",
        url: "/api/events",
        payload: {
          title: "Brunch",
          groupId: group.id,
          options: [
            { date: inDays(4).toISOString(), location: "Cafe Luna" },
            { date: inDays(5).toISOString(), location: "Park" },
          ],
          decideBy: inDays(2).toISOString(),
        },
      });
      expect(poll.statusCode, poll.body).toBe(201);
      const eventId = poll.json().id;
      expect(heard).toContainEqual({
        type: "new_message",
        message: expect.objectContaining({
          messageType: "event",
          referenceData: { kind: "plan", eventId },
          userName: admin.user.fullName,
        }),
      });
    } finally {
      await unsubscribe();
    }
  });
});

describe("a send whose store fails", () => {
  it("fails for its sender rather than hang, and the next send is stored", async () => {
    let failing = true;
    const stored: StoredMessage = {
      id: 1,
      groupId: 7,
      userId: 3,
      message: "again",
      messageType: "text",
      attachmentUrl: null,
      referenceData: null,
      sentAt: new Date(),
      hiddenAt: null,
      clientId: null,
      userName: "Sam",
    };
    const chat = {
      insertAsMembers: async (inputs: unknown[]) => {
        if (failing) throw new Error("database gone");
        return inputs.map(() => stored);
      },
    } as unknown as ChatRepository;
    const service = chatService({ chat, groups: { roleOf: async () => "member" }, bus: createInProcessBus() });
    const settled = <T>(p: Promise<T>) =>
      Promise.race([
        p.then(
          (value) => ({ value }),
          (error: Error) => ({ error: error.message }),
        ),
        new Promise((resolve) => setTimeout(() => resolve("still waiting"), 2000)),
      ]);
    expect(await settled(service.send(3, { groupId: 7, message: "first" }))).toEqual({ error: "database gone" });
    failing = false;
    expect(await settled(service.send(3, { groupId: 7, message: "again" }))).toMatchObject({
      value: { id: 1, message: "again" },
    });
  });
});

describe("members away from the chat", () => {
  it("hear of each stored message once: retries of one clientId, in one batch or after it, tell nobody again", async () => {
    const { member, groupId } = await memberAndStranger();
    const bus = createInProcessBus();
    const heard: string[] = [];
    const stop = onChatMessage(bus, (m) => heard.push(m.text));
    const service = chatService({ chat: chatRepository(t.database.db), groups: { roleOf: async () => "owner" }, bus });
    try {
      const clientId = randomUUID();
      const send = (message: string, id?: string) => service.send(member.id, { groupId, message, clientId: id });
      // Sent in one turn of the event loop, the three land in one batch.
      const batch = await Promise.all([send("on my way", clientId), send("on my way", clientId), send("plain")]);
      expect(new Set(batch.slice(0, 2).map((m) => m.id)).size).toBe(1);
      expect((await send("on my way", clientId)).id).toBe(batch[0].id);
      expect((await send("fresh", randomUUID())).message).toBe("fresh");
      expect(heard.sort()).toEqual(["fresh", "on my way", "plain"]);
    } finally {
      stop();
    }
  });
});
