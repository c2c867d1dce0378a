import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tooManyMessagesText } from "#contract/chat";
import {
  CHAT_BURST_MESSAGES,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_MESSAGES_PER_WINDOW,
  SOCKET_AUTH_FRAMES_PER_MINUTE,
  SOCKET_FRAMES_PER_MINUTE,
  SOCKET_GROUP_FRAMES_PER_MINUTE,
  SOCKETS_PER_USER_MAX,
  VOTES_PER_MINUTE,
} from "#contract/limits";
import { type ServerMessage, SOCKET_POLICY_CODE, SOCKET_TEXTS } from "#contract/socket";
import { chatMessages } from "#server/modules/chat/schema";
import { CHAT_LIMITS } from "../modules/chat/service";
import { createGroup, createUser } from "../test/factories";
import { testAppForSuite } from "../test/suite";
import { registerUser } from "../test/test-app";
import { openSocket, type TestSocket } from "./socket-test-client";

/** Per-user budgets across sockets and REST, a socket cap, and a limit on every frame type. */
const t = testAppForSuite({}, { listen: true });

async function memberOfGroup() {
  const me = await createUser(t);
  const group = await createGroup(me, { name: "Limits" });
  return { ...me, groupId: group.id };
}

/** Waits until the socket has `n` frames of a type, or fails after the timeout. */
// A hang guard, not a speed budget: hundreds of frames take seconds on a 2-core machine shared with another run.
async function frames<T extends ServerMessage["type"]>(socket: TestSocket, type: T, n: number, timeoutMs = 25_000) {
  const deadline = Date.now() + timeoutMs;
  while (socket.received.filter((m) => m.type === type).length < n) {
    if (Date.now() > deadline)
      throw new Error(`${n} ${type} frames expected, got ${socket.received.filter((m) => m.type === type).length}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return socket.received.filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type);
}

const closeOf = (socket: TestSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    socket.ws.once("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );

describe("chat budget per user", () => {
  const budget = (name: string) => {
    const found = CHAT_LIMITS.find((b) => b.name === name);
    if (!found) throw new Error(name);
    return t.app.rateLimits.limiter(found.name, found.limit);
  };

  it("counts two sockets and REST together: past the long window's budget REST gets 429 and the socket a message_error", async () => {
    const me = await memberOfGroup();
    // The long window's budget, all but four spent (sending it for real would hit the burst budget first).
    await budget("chat").consume(me.id, CHAT_MESSAGES_PER_WINDOW - 4);
    const [one, two] = [await openSocket(t.base, me.cookie), await openSocket(t.base, me.cookie)];
    for (const socket of [one, two]) socket.send({ type: "chat_message", groupId: me.groupId, message: "socket" });
    for (const socket of [one, two]) await socket.next("message_ack");
    for (let i = 0; i < 2; i++) {
      const res = await me.call({
        method: "POST",
        url: "/api/chat/messages",
        payload: { groupId: me.groupId, message: `rest ${i}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const rest = await me.call({
      method: "POST",
      url: "/api/chat/messages",
      payload: { groupId: me.groupId, message: "one too many" },
    });
    expect(rest.statusCode).toBe(429);
    const seconds = Number(rest.headers["retry-after"]);
    expect(seconds).toBeGreaterThan(0);
    expect(rest.json()).toMatchObject({ message: tooManyMessagesText(seconds) });

    const clientId = crypto.randomUUID();
    one.send({ type: "chat_message", groupId: me.groupId, message: "one too many", clientId });
    expect(await one.next("message_error")).toEqual({
      type: "message_error",
      clientId,
      message: expect.stringMatching(/^Too many messages, try again in \d+ s$/),
    });
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.groupId, me.groupId));
    expect(stored).toHaveLength(4);
    await Promise.all([one.close(), two.close()]);
  });

  it(`a burst on ${SOCKETS_PER_USER_MAX} sockets and REST at once stores ${CHAT_BURST_MESSAGES}: the rest get 429 or message_error`, async () => {
    const me = await memberOfGroup();
    const sockets = await Promise.all(
      Array.from({ length: SOCKETS_PER_USER_MAX }, () => openSocket(t.base, me.cookie)),
    );
    const perSocket = 30;
    for (const socket of sockets)
      for (let i = 0; i < perSocket; i++) socket.send({ type: "chat_message", groupId: me.groupId, message: `s${i}` });
    const posts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        me.call({ method: "POST", url: "/api/chat/messages", payload: { groupId: me.groupId, message: `r${i}` } }),
      ),
    );
    const answered = await Promise.all(
      sockets.map(async (socket) => {
        const deadline = Date.now() + 20_000;
        const count = () => socket.received.filter((m) => m.type === "message_ack" || m.type === "message_error");
        while (count().length < perSocket && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
        return count();
      }),
    );
    const frames = answered.flat();
    expect(frames).toHaveLength(SOCKETS_PER_USER_MAX * perSocket);
    const acks = frames.filter((m) => m.type === "message_ack").length;
    const created = posts.filter((r) => r.statusCode === 201).length;
    expect(posts.every((r) => r.statusCode === 201 || r.statusCode === 429)).toBe(true);
    expect(acks + created).toBe(CHAT_BURST_MESSAGES);
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.groupId, me.groupId));
    expect(stored).toHaveLength(CHAT_BURST_MESSAGES);
    await Promise.all(sockets.map((s) => s.close()));
  });

  it(`past ${CHAT_MESSAGES_PER_MINUTE} in a minute REST answers 429`, async () => {
    const me = await memberOfGroup();
    await budget("chat-minute").consume(me.id, CHAT_MESSAGES_PER_MINUTE - 1);
    const post = () =>
      me.call({ method: "POST", url: "/api/chat/messages", payload: { groupId: me.groupId, message: "hi" } });
    expect((await post()).statusCode).toBe(201);
    const over = await post();
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Too many messages, try again in \d+ s$/);
  });

  it("another user's budget is untouched", async () => {
    const other = await memberOfGroup();
    const res = await other.call({
      method: "POST",
      url: "/api/chat/messages",
      payload: { groupId: other.groupId, message: "hi" },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe("messageType is the server's (9.20)", () => {
  it("stores a client's 'system' message as text, from REST and from the socket", async () => {
    const me = await memberOfGroup();
    const res = await me.call({
      method: "POST",
      url: "/api/chat/messages",
      payload: { groupId: me.groupId, message: "I am the system now", messageType: "system" },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().messageType).toBe("text");
    const socket = await openSocket(t.base, me.cookie);
    socket.send({ type: "join_group", groupId: me.groupId });
    await socket.next("joined_group");
    socket.send({ type: "chat_message", groupId: me.groupId, message: "me too", messageType: "system" });
    expect((await socket.next("new_message")).message.messageType).toBe("text");
    const stored = await t.database.db
      .select({ messageType: chatMessages.messageType })
      .from(chatMessages)
      .where(and(eq(chatMessages.groupId, me.groupId)));
    expect(stored).toEqual([{ messageType: "text" }, { messageType: "text" }]);
    await socket.close();
  });
});

describe("open sockets per user", () => {
  it(`refuses the ${SOCKETS_PER_USER_MAX + 1}th socket with 429 and takes one again after a close`, async () => {
    const me = await registerUser(t.app);
    const open: TestSocket[] = [];
    for (let i = 0; i < SOCKETS_PER_USER_MAX; i++) open.push(await openSocket(t.base, me.cookie));
    await expect(openSocket(t.base, me.cookie)).rejects.toThrow("refused 429");
    // Someone else is not affected by this user's sockets.
    const other = await registerUser(t.app);
    const theirs = await openSocket(t.base, other.cookie);
    await open.pop()?.close();
    await new Promise((r) => setTimeout(r, 50));
    open.push(await openSocket(t.base, me.cookie));
    await Promise.all([...open, theirs].map((s) => s.close()));
  });
});

describe("every frame type is limited per user", () => {
  it(`500 auth frames: ${SOCKET_AUTH_FRAMES_PER_MINUTE} answered, the rest refused, and /healthz answers meanwhile`, async () => {
    const me = await registerUser(t.app);
    const socket = await openSocket(t.base, me.cookie);
    for (let i = 0; i < 500; i++) socket.send({ type: "auth" });
    const health = await fetch(`${t.base}/healthz`);
    expect(health.status).toBe(200);
    const errors = await frames(socket, "error", 500 - SOCKET_AUTH_FRAMES_PER_MINUTE);
    expect(socket.received.filter((m) => m.type === "auth_success")).toHaveLength(SOCKET_AUTH_FRAMES_PER_MINUTE);
    expect(errors[0].message).toMatch(/^Too many requests, try again in \d+ s$/);
    await socket.close();
  });

  it(`join_group and leave_group share ${SOCKET_GROUP_FRAMES_PER_MINUTE} a minute`, async () => {
    const me = await memberOfGroup();
    const socket = await openSocket(t.base, me.cookie);
    for (let i = 0; i < SOCKET_GROUP_FRAMES_PER_MINUTE / 2; i++) {
      socket.send({ type: "join_group", groupId: me.groupId });
      socket.send({ type: "leave_group", groupId: me.groupId });
    }
    socket.send({ type: "join_group", groupId: me.groupId });
    socket.send({ type: "leave_group", groupId: me.groupId });
    const errors = await frames(socket, "error", 2);
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^Too many requests/),
      expect.stringMatching(/^Too many requests/),
    ]);
    expect(socket.received.filter((m) => m.type === "joined_group")).toHaveLength(SOCKET_GROUP_FRAMES_PER_MINUTE / 2);
    await socket.close();
  });

  it(`votes: ${VOTES_PER_MINUTE} a minute over the socket and REST together`, async () => {
    const me = await memberOfGroup();
    const plan = await me.call({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Plan",
        description: "",
        date: new Date(Date.now() + 86_400_000).toISOString(),
        type: "social",
        location: "",
        groupId: me.groupId,
      },
    });
    const eventId = (plan.json() as { id: number }).id;
    const socket = await openSocket(t.base, me.cookie);
    for (let i = 0; i < VOTES_PER_MINUTE / 2; i++)
      socket.send({ type: "event_vote", groupId: me.groupId, eventId, vote: "yes" });
    for (let i = 0; i < VOTES_PER_MINUTE / 2; i++) {
      const res = await me.call({
        method: "POST",
        url: `/api/groups/${me.groupId}/events/${eventId}/vote`,
        payload: { vote: "no" },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    socket.send({ type: "auth" });
    await socket.next("auth_success", undefined, 10_000);
    expect(socket.received.filter((m) => m.type === "error")).toEqual([]);
    const rest = await me.call({
      method: "POST",
      url: `/api/groups/${me.groupId}/events/${eventId}/vote`,
      payload: { vote: "no" },
    });
    expect(rest.statusCode).toBe(429);
    // A budget per minute, spent just now: the next vote is allowed within the minute, not sooner than the run took.
    const retryAfter = Number(rest.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(rest.json().message).toContain(String(retryAfter));
    socket.send({ type: "event_vote", groupId: me.groupId, eventId, vote: "yes" });
    expect((await socket.next("error")).message).toMatch(/^Too many requests/);
    await socket.close();
  });

  it(`past ${SOCKET_FRAMES_PER_MINUTE} frames of any kind, even garbage, the socket is closed (${SOCKET_POLICY_CODE})`, async () => {
    const me = await registerUser(t.app);
    const socket = await openSocket(t.base, me.cookie);
    const closed = closeOf(socket);
    for (let i = 0; i <= SOCKET_FRAMES_PER_MINUTE; i++) socket.send("not json");
    expect(await closed).toEqual({ code: SOCKET_POLICY_CODE, reason: SOCKET_TEXTS.flooding });
    expect(socket.received.filter((m) => m.type === "error")).toHaveLength(SOCKET_FRAMES_PER_MINUTE);
  });
});
