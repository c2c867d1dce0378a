import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CHAT_BURST_MESSAGES } from "#contract/limits";
import { chatMessages } from "#server/modules/chat/schema";
import { notificationsRepository } from "../modules/notifications/repository";
import { notificationsService } from "../modules/notifications/service";
import { visibilityRepository, visibilityService } from "../modules/visibility";
import { createGroup, createUser } from "../test/factories";
import { testAppForSuite } from "../test/suite";
import { as, registerUser } from "../test/test-app";
import { openSocket } from "./socket-test-client";

const t = testAppForSuite({}, { listen: true });

async function groupWithTwo() {
  const a = await createUser(t);
  const b = await createUser(t);
  const group = await createGroup(a, { name: "Climbers" });
  await b.call({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` });
  return { a, b, group };
}

/** Two members of one group, each with a socket that joined it. */
async function twoJoinedSockets() {
  const { a, b, group } = await groupWithTwo();
  const sa = await openSocket(t.base, a.cookie);
  const sb = await openSocket(t.base, b.cookie);
  for (const s of [sa, sb]) {
    s.send({ type: "join_group", groupId: group.id });
    await s.next("joined_group");
  }
  return { a, b, group, sa, sb };
}

describe("/ws", () => {
  it("refuses an upgrade without a session cookie, or from another origin", async () => {
    await expect(openSocket(t.base)).rejects.toThrow("refused 401");
    await expect(openSocket(t.base, "link_session=forged")).rejects.toThrow("refused 401");
    const { cookie } = await registerUser(t.app);
    await expect(openSocket(t.base, cookie, { origin: "https://evil.example" })).rejects.toThrow("refused 403");
    const ok = await openSocket(t.base, cookie, { origin: t.base });
    await ok.close();
  });

  it("answers auth with the session's user and groups, ignoring a userId in the frame", async () => {
    const { a, group } = await groupWithTwo();
    const socket = await openSocket(t.base, a.cookie);
    socket.send({ type: "auth", userId: 1 });
    const reply = await socket.next("auth_success");
    expect(reply.userId).toBe(a.user.id);
    expect(reply.groups).toEqual([{ id: group.id, name: "Climbers" }]);
    await socket.close();
  });

  it("refuses non-members: join_group and event_vote get errors, chat_message a message_error, and nothing is delivered", async () => {
    const { a, group } = await groupWithTwo();
    const outsider = await registerUser(t.app);
    const member = await openSocket(t.base, a.cookie);
    member.send({ type: "join_group", groupId: group.id });
    await member.next("joined_group");
    const socket = await openSocket(t.base, outsider.cookie);
    socket.send({ type: "join_group", groupId: group.id });
    expect((await socket.next("error")).message).toBe("You are not a member of this group");
    const clientId = crypto.randomUUID();
    socket.send({ type: "chat_message", groupId: group.id, message: "let me in", clientId });
    expect(await socket.next("message_error")).toEqual({
      type: "message_error",
      clientId,
      message: "You are not a member of this group",
    });
    socket.send({ type: "event_vote", groupId: group.id, eventId: 1, vote: "yes" });
    // The vote's refusal is the second error frame: waited for, not slept for.
    let errors = 0;
    await socket.next("error", () => ++errors === 2, 10_000);
    expect(socket.received.filter((m) => m.type === "error")).toHaveLength(2);
    expect(socket.received.some((m) => m.type === "message_ack")).toBe(false);
    expect(socket.received.some((m) => m.type === "new_message")).toBe(false);
    expect(member.received.some((m) => m.type === "new_message")).toBe(false);
    const stored = (await as(t.app, a.cookie)({ method: "GET", url: `/api/chat/messages/${group.id}` })).json();
    expect(stored).toEqual([]);
    await Promise.all([socket.close(), member.close()]);
  });

  it("answers bad frames with an error and keeps serving", async () => {
    const { cookie } = await registerUser(t.app);
    const socket = await openSocket(t.base, cookie);
    socket.send("not json");
    socket.send({ type: "shout" });
    socket.send({ type: "join_group", groupId: "x" });
    const clientId = crypto.randomUUID();
    socket.send({ type: "chat_message", groupId: 1, message: "x".repeat(3000), clientId });
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.send({ type: "auth" });
    await socket.next("auth_success");
    expect(socket.received.filter((m) => m.type === "error")).toHaveLength(4);
    // A chat frame is answered by its clientId even when it fails the parse.
    expect(socket.received.filter((m) => m.type === "message_error")).toEqual([
      { type: "message_error", clientId, message: expect.stringMatching(/^message: /) },
    ]);
    // A frame over the 16 KiB cap closes that socket (1009), never the server.
    const big = await openSocket(t.base, cookie);
    const closed = new Promise<number>((resolve) => big.ws.once("close", (code) => resolve(code)));
    big.send({ type: "auth", pad: "x".repeat(20_000) });
    expect(await closed).toBe(1009);
    const again = await openSocket(t.base, cookie);
    again.send({ type: "auth" });
    await again.next("auth_success");
    await Promise.all([socket.close(), again.close()]);
  });

  it("delivers chat stored first to every member's socket, from REST and from the socket", async () => {
    const { a, b, group, sa, sb } = await twoJoinedSockets();
    sa.send({ type: "chat_message", groupId: group.id, message: "  over the socket " });
    const viaSocket = await sb.next("new_message");
    expect(viaSocket.message).toMatchObject({
      groupId: group.id,
      userId: a.user.id,
      message: "over the socket",
      userName: a.user.fullName,
    });
    await as(
      t.app,
      b.cookie,
    )({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: "over REST" } });
    const viaRest = await sa.next("new_message", (m) => m.message.message === "over REST");
    const stored = (await as(t.app, a.cookie)({ method: "GET", url: `/api/chat/messages/${group.id}` })).json();
    expect(stored.map((m: { id: number }) => m.id)).toEqual([viaSocket.message.id, viaRest.message.id]);
    // leave_group stops delivery to that socket.
    sb.send({ type: "leave_group", groupId: group.id });
    sb.send({ type: "auth" });
    await sb.next("auth_success");
    await as(
      t.app,
      a.cookie,
    )({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: "after leave" } });
    await sa.next("new_message", (m) => m.message.message === "after leave");
    // The fan-out wrote to every joined socket before a's copy arrived; a round trip on b's own socket
    // afterwards brings in anything written to it before.
    const before = sb.received.length;
    sb.send({ type: "auth" });
    await sb.next("auth_success", (m) => sb.received.indexOf(m) >= before);
    expect(sb.received.some((m) => m.type === "new_message" && m.message.message === "after leave")).toBe(false);
    await Promise.all([sa.close(), sb.close()]);
  });

  it("answers every chat_message frame with message_ack {clientId, id}; the same clientId again acks the same id and stores once", async () => {
    const { a, group, sa, sb } = await twoJoinedSockets();
    const clientId = crypto.randomUUID();
    sa.send({ type: "chat_message", groupId: group.id, message: "see you at 7", clientId });
    const ack = await sa.next("message_ack");
    const delivered = await sb.next("new_message");
    expect(ack).toEqual({ type: "message_ack", clientId, id: delivered.message.id });
    // A retry over the socket (the answer was lost) and over REST: the stored message, never a second row.
    sa.send({ type: "chat_message", groupId: group.id, message: "see you at 7", clientId });
    expect((await sa.next("message_ack", (m) => m !== ack)).id).toBe(ack.id);
    const rest = await as(
      t.app,
      a.cookie,
    )({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: "see you at 7", clientId } });
    expect(rest.json().id).toBe(ack.id);
    // A frame without a clientId is acknowledged too, with clientId null.
    sa.send({ type: "chat_message", groupId: group.id, message: "no id" });
    expect(await sa.next("message_ack", (m) => m.clientId === null)).toMatchObject({ clientId: null });
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.groupId, group.id));
    expect(stored.map((m) => m.message).sort()).toEqual(["no id", "see you at 7"]);
    // Each id reaches the other member once, however often it was sent: a later message is the sign that
    // every earlier delivery has arrived.
    sa.send({ type: "chat_message", groupId: group.id, message: "the last one" });
    await sb.next("new_message", (m) => m.message.message === "the last one");
    const ids = sb.received.flatMap((m) => (m.type === "new_message" ? [m.message.id] : []));
    expect(ids).toEqual([...new Set(ids)]);
    await Promise.all([sa.close(), sb.close()]);
  });

  it("passes 'typing' on to the group's other sockets with the name, at most once per interval, never stored; refuses it for a group not joined", async () => {
    const { a, group, sa, sb } = await twoJoinedSockets();
    sa.send({ type: "typing", groupId: group.id });
    sa.send({ type: "typing", groupId: group.id });
    expect(await sb.next("typing")).toEqual({
      type: "typing",
      groupId: group.id,
      userId: a.id,
      userName: a.user.fullName,
    });
    // a's frames are handled in order: once a's next message reaches b, a second "typing" would have too.
    sa.send({ type: "chat_message", groupId: group.id, message: "after typing" });
    await sb.next("new_message", (m) => m.message.message === "after typing");
    expect(sb.received.filter((m) => m.type === "typing")).toHaveLength(1);
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.groupId, group.id));
    expect(stored.map((m) => m.message)).toEqual(["after typing"]);
    const outsider = await registerUser(t.app);
    const so = await openSocket(t.base, outsider.cookie);
    so.send({ type: "typing", groupId: group.id });
    expect((await so.next("error")).message).toBe("Join the group first");
    sa.send({ type: "chat_message", groupId: group.id, message: "after the outsider" });
    await sb.next("new_message", (m) => m.message.message === "after the outsider");
    expect(sb.received.filter((m) => m.type === "typing")).toHaveLength(1);
    await Promise.all([sa.close(), sb.close(), so.close()]);
  });

  it("does not pass on 'typing' across a block in a direct conversation", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const direct = (await a.call({ method: "POST", url: "/api/groups/direct", payload: { userId: b.id } })).json() as {
      id: number;
    };
    const [sa, sb] = [await openSocket(t.base, a.cookie), await openSocket(t.base, b.cookie)];
    for (const s of [sa, sb]) {
      s.send({ type: "join_group", groupId: direct.id });
      await s.next("joined_group");
    }
    sa.send({ type: "typing", groupId: direct.id });
    await sb.next("typing");
    expect((await b.call({ method: "POST", url: "/api/blocks", payload: { userId: a.id } })).statusCode).toBe(200);
    // Another socket of A's (each socket has its own interval) types after the block: B hears nothing.
    const again = await openSocket(t.base, a.cookie);
    again.send({ type: "join_group", groupId: direct.id });
    await again.next("joined_group");
    again.send({ type: "typing", groupId: direct.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(sb.received.filter((m) => m.type === "typing")).toHaveLength(1);
    await Promise.all([sa.close(), sb.close(), again.close()]);
  });

  it("a burst from two members is stored and delivered in each sender's order, every socket seeing the stored order", async () => {
    const { a, group, sa, sb } = await twoJoinedSockets();
    // The most one person may send at once (the burst budget).
    const burst = CHAT_BURST_MESSAGES;
    for (let i = 0; i < burst; i++) {
      sa.send({ type: "chat_message", groupId: group.id, message: `a${i}` });
      sb.send({ type: "chat_message", groupId: group.id, message: `b${i}` });
    }
    const delivered = async (s: typeof sa) => {
      await s.next("new_message", (m) => m.message.message === `a${burst - 1}`, 10_000);
      await s.next("new_message", (m) => m.message.message === `b${burst - 1}`, 10_000);
      return s.received.flatMap((m) => (m.type === "new_message" ? [m.message] : []));
    };
    const [toA, toB] = [await delivered(sa), await delivered(sb)];
    const stored = (
      await as(t.app, a.cookie)({ method: "GET", url: `/api/chat/messages/${group.id}?limit=100` })
    ).json() as { id: number; message: string }[];
    expect(stored).toHaveLength(2 * burst);
    for (const sender of ["a", "b"]) {
      const texts = stored.filter((m) => m.message.startsWith(sender)).map((m) => m.message);
      expect(texts).toEqual(Array.from({ length: burst }, (_, i) => `${sender}${i}`));
    }
    const storedOrder = stored.map((m) => m.id);
    expect(storedOrder).toEqual([...storedOrder].sort((x, y) => x - y));
    expect(toA.map((m) => m.id)).toEqual(storedOrder);
    expect(toB.map((m) => m.id)).toEqual(storedOrder);
    await Promise.all([sa.close(), sb.close()]);
  });

  it("pushes vote updates to the group and notifications to the user", async () => {
    const { a, b, group } = await groupWithTwo();
    const created = await as(
      t.app,
      a.cookie,
    )({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Crag day",
        description: "",
        date: new Date(Date.now() + 86_400_000).toISOString(),
        groupId: group.id,
      },
    });
    const eventId = created.json().id as number;
    const sa = await openSocket(t.base, a.cookie);
    const sb = await openSocket(t.base, b.cookie);
    sa.send({ type: "join_group", groupId: group.id });
    await sa.next("joined_group");
    sb.send({ type: "event_vote", groupId: group.id, eventId, vote: "yes" });
    const update = await sa.next("vote_update");
    expect(update).toMatchObject({ groupId: group.id, eventId, votes: { yes: 1, no: 0, maybe: 0 }, userId: b.user.id });
    await notificationsService({
      repo: notificationsRepository(t.database.db),
      bus: t.bus,
      visibility: visibilityService({ repo: visibilityRepository(t.database.db), bus: t.bus }),
    }).notify(b.user.id, {
      type: "event_update",
      title: "Changed",
      message: "New time",
    });
    expect((await sb.next("notification")).notification).toMatchObject({ title: "Changed", type: "event_update" });
    await Promise.all([sa.close(), sb.close()]);
  });

  it("stops delivering to a socket whose user was removed from the group", async () => {
    const { a, b, group } = await groupWithTwo();
    const sb = await openSocket(t.base, b.cookie);
    sb.send({ type: "join_group", groupId: group.id });
    await sb.next("joined_group");
    await as(t.app, a.cookie)({ method: "DELETE", url: `/api/groups/${group.id}/members/${b.user.id}` });
    await new Promise((r) => setTimeout(r, 50));
    await as(
      t.app,
      a.cookie,
    )({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: "secret" } });
    await new Promise((r) => setTimeout(r, 100));
    expect(sb.received.some((m) => m.type === "new_message")).toBe(false);
    await sb.close();
  });

  it("after a dropped connection, a new socket gets live messages and the missed ones by cursor", async () => {
    const { a, b, group } = await groupWithTwo();
    let sb = await openSocket(t.base, b.cookie);
    sb.send({ type: "join_group", groupId: group.id });
    await sb.next("joined_group");
    await as(
      t.app,
      a.cookie,
    )({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: "before drop" } });
    const last = (await sb.next("new_message")).message.id;
    sb.ws.terminate();
    for (const message of ["missed 1", "missed 2"]) {
      await as(t.app, a.cookie)({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message } });
    }
    sb = await openSocket(t.base, b.cookie);
    sb.send({ type: "auth" });
    const auth = await sb.next("auth_success");
    for (const g of auth.groups) sb.send({ type: "join_group", groupId: g.id });
    await sb.next("joined_group");
    const missed = (
      await as(t.app, b.cookie)({ method: "GET", url: `/api/chat/messages/${group.id}?after=${last}` })
    ).json();
    expect(missed.map((m: { message: string }) => m.message)).toEqual(["missed 1", "missed 2"]);
    await as(
      t.app,
      a.cookie,
    )({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: "live again" } });
    expect((await sb.next("new_message")).message.message).toBe("live again");
    await sb.close();
  });

  it("pages history newest first with a before cursor", async () => {
    const { a, group } = await groupWithTwo();
    // Stored directly: 45 sends in a row would be over the burst budget.
    for (let i = 1; i <= 45; i++)
      await t.database.db.insert(chatMessages).values({ groupId: group.id, userId: a.id, message: `m${i}` });
    const get = async (q: string) =>
      (await as(t.app, a.cookie)({ method: "GET", url: `/api/chat/messages/${group.id}${q}` })).json() as {
        id: number;
        message: string;
      }[];
    const newest = await get("?limit=20");
    expect(newest.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 26}`));
    const older = await get(`?limit=20&before=${newest[0].id}`);
    expect(older[0].message).toBe("m6");
    const oldest = await get(`?limit=20&before=${older[0].id}`);
    expect(oldest.map((m) => m.message)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    const tooBig = await as(t.app, a.cookie)({ method: "GET", url: `/api/chat/messages/${group.id}?limit=1000` });
    expect(tooBig.statusCode).toBe(400);
    const empty = await as(
      t.app,
      a.cookie,
    )({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: "   " } });
    expect(empty.statusCode).toBe(400);
  });
});
