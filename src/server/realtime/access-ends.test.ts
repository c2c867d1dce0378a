import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { userRoles } from "#server/modules/roles/schema";
import { inDays } from "../test/factories";
import { instancesAvailable, instancesForSuite, needsPostgresTier } from "../test/instances";
import { testAppForSuite } from "../test/suite";
import { as, registerUser } from "../test/test-app";
import { openSocket } from "./socket-test-client";

/**
 * Access that ends ends at once, open sockets too: a guest whose socket joined an event's guests'
 * conversation is taken off its channel on every instance the moment they may no longer read it, whatever
 * ended it, and hears nothing said after; their stale socket cannot say they are typing either.
 */
type App = Parameters<typeof registerUser>[0];

interface Stage {
  /** Where the change and the host's message are made. */
  app: App;
  /** Where the guest's socket is open (another instance in the two-instance suite). */
  guestBase: string;
  hostBase: string;
}

const WAYS = ["block", "hide", "decline", "leave", "removal", "suspension", "deletion"] as const;
type Way = (typeof WAYS)[number];

async function ok(app: App, cookie: string, options: InjectOptions, status = 200) {
  const res = await as(app, cookie)(options);
  expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBe(status);
  return res.body ? res.json() : null;
}

/** A host's event with one guest going, both in its guests' conversation, each with a socket that joined it. */
async function conversationWithSockets(stage: Stage, database: { insertModerator(id: number): Promise<void> }) {
  const { app } = stage;
  const host = await registerUser(app);
  const guest = await registerUser(app);
  const moderator = await registerUser(app);
  await database.insertModerator(moderator.user.id);
  const event = await ok(
    app,
    host.cookie,
    {
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Picnic",
        description: "d",
        date: inDays(4).toISOString(),
        hostId: host.user.id,
        type: "social",
      },
    },
    201,
  );
  await ok(
    app,
    guest.cookie,
    {
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: event.id, userId: guest.user.id, status: "going" },
    },
    201,
  );
  const { groupId } = await ok(app, guest.cookie, { method: "GET", url: `/api/events/${event.id}/conversation` });
  await ok(app, host.cookie, { method: "GET", url: `/api/events/${event.id}/conversation` });
  const hostSocket = await openSocket(stage.hostBase, host.cookie);
  const guestSocket = await openSocket(stage.guestBase, guest.cookie);
  for (const socket of [hostSocket, guestSocket]) {
    socket.send({ type: "join_group", groupId });
    await socket.next("joined_group");
  }
  return { host, guest, moderator, eventId: event.id as number, groupId: groupId as number, hostSocket, guestSocket };
}
type Conversation = Awaited<ReturnType<typeof conversationWithSockets>>;

/** Ends the guest's access one way; answers whether the host can still speak in the conversation after. */
async function end(way: Way, app: App, c: Conversation): Promise<boolean> {
  const { host, guest, moderator, eventId, groupId } = c;
  switch (way) {
    case "block":
      await ok(app, host.cookie, { method: "POST", url: "/api/blocks", payload: { userId: guest.user.id } });
      return true;
    case "hide":
      await ok(app, moderator.cookie, {
        method: "PUT",
        url: `/api/admin/events/${eventId}/hidden`,
        payload: { hidden: true },
      });
      return true;
    case "decline":
      await ok(
        app,
        guest.cookie,
        {
          method: "POST",
          url: "/api/event-participants",
          payload: { eventId, userId: guest.user.id, status: "declined" },
        },
        201,
      );
      return true;
    case "leave":
      await ok(app, guest.cookie, { method: "POST", url: `/api/groups/${groupId}/leave` });
      return true;
    case "removal":
      await ok(app, host.cookie, { method: "DELETE", url: `/api/groups/${groupId}/members/${guest.user.id}` });
      return true;
    case "suspension":
      // The host's events are gone with them: their guests lose the conversation (and the host their socket).
      await ok(app, moderator.cookie, {
        method: "PUT",
        url: `/api/admin/users/${host.user.id}/suspended`,
        payload: { suspended: true },
      });
      return false;
    case "deletion":
      // The host's account goes, with its event and the event's conversation.
      await ok(app, host.cookie, { method: "DELETE", url: "/api/account", payload: { password: host.password } });
      return false;
  }
}

/** After `way`, the guest's socket leaves the channel at once and hears nothing more, typing included. */
async function accessEndsAtOnce(way: Way, stage: Stage, database: { insertModerator(id: number): Promise<void> }) {
  const c = await conversationWithSockets(stage, database);
  const said = `after the ${way}`;
  const hostSpeaks = await end(way, stage.app, c);
  // Said right after the change answered, before the guest's socket could have heard of it by any other way.
  if (hostSpeaks)
    await ok(
      stage.app,
      c.host.cookie,
      { method: "POST", url: "/api/chat/messages", payload: { groupId: c.groupId, message: said } },
      201,
    );
  const left = await c.guestSocket.next("left_group", (m) => m.groupId === c.groupId, 5000);
  expect(left.groupId).toBe(c.groupId);
  if (hostSpeaks) await c.hostSocket.next("new_message", (m) => m.message.message === said, 5000);

  // The stale socket's typing is refused like a message would be, and reaches nobody.
  c.guestSocket.send({ type: "typing", groupId: c.groupId });
  await c.guestSocket.next("error", undefined, 5000);
  if (hostSpeaks) {
    await ok(
      stage.app,
      c.host.cookie,
      { method: "POST", url: "/api/chat/messages", payload: { groupId: c.groupId, message: "last word" } },
      201,
    );
    await c.hostSocket.next("new_message", (m) => m.message.message === "last word", 5000);
    expect(c.hostSocket.received.filter((m) => m.type === "typing")).toEqual([]);
  }
  const heard = c.guestSocket.received.filter((m) => m.type === "new_message" || m.type === "typing");
  expect(heard, way).toEqual([]);
  await Promise.all([c.hostSocket.close(), c.guestSocket.close()]);
}

describe("one instance", () => {
  const t = testAppForSuite({}, { listen: true });
  const database = {
    insertModerator: async (id: number) =>
      void (await t.database.db.insert(userRoles).values({ userId: id, role: "moderator" })),
  };
  for (const way of WAYS)
    it(`${way}: the guest's socket is taken off the conversation at once and hears nothing after`, async () => {
      await accessEndsAtOnce(way, { app: t.app, guestBase: t.base, hostBase: t.base }, database);
    });

  it("after a block, nothing of a direct conversation crosses an open socket, while a shared group still carries it", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const { id: direct } = await ok(
      t.app,
      a.cookie,
      { method: "POST", url: "/api/groups/direct", payload: { userId: b.user.id } },
      201,
    );
    const hikers = await ok(t.app, a.cookie, { method: "POST", url: "/api/groups", payload: { name: "Hikers" } }, 201);
    await ok(t.app, b.cookie, { method: "POST", url: `/api/group-invite/${hikers.inviteCode}/join` });
    const aSocket = await openSocket(t.base, a.cookie);
    const bSocket = await openSocket(t.base, b.cookie);
    for (const socket of [aSocket, bSocket])
      for (const groupId of [direct, hikers.id]) {
        socket.send({ type: "join_group", groupId });
        await socket.next("joined_group", (m) => m.groupId === groupId);
      }
    await ok(t.app, a.cookie, { method: "POST", url: "/api/blocks", payload: { userId: b.user.id } });
    for (const cookie of [a.cookie, b.cookie])
      await ok(
        t.app,
        cookie,
        { method: "POST", url: "/api/chat/messages", payload: { groupId: direct, message: "hi" } },
        403,
      );
    // Typing in the direct conversation, then in the shared group: the second reaching A says the first was handled.
    bSocket.send({ type: "typing", groupId: direct });
    bSocket.send({ type: "typing", groupId: hikers.id });
    await aSocket.next("typing", (m) => m.groupId === hikers.id, 5000);
    const crossed = [...aSocket.received, ...bSocket.received].filter(
      (m) =>
        (m.type === "typing" && m.groupId === direct) || (m.type === "new_message" && m.message.groupId === direct),
    );
    expect(crossed).toEqual([]);
    await Promise.all([aSocket.close(), bSocket.close()]);
  });

  it("a member's typing still reaches the others, so the refusal above is about access", async () => {
    const stage = { app: t.app, guestBase: t.base, hostBase: t.base };
    const c = await conversationWithSockets(stage, database);
    c.guestSocket.send({ type: "typing", groupId: c.groupId });
    const typing = await c.hostSocket.next("typing", undefined, 5000);
    expect(typing.userId).toBe(c.guest.user.id);
    await Promise.all([c.hostSocket.close(), c.guestSocket.close()]);
  });
});

if (!instancesAvailable) console.log(`access-ends two-instance test skipped: ${needsPostgresTier}`);

describe.skipIf(!instancesAvailable)("two instances: the change on one, the guest's socket on the other", () => {
  const instances = instancesForSuite(2);
  const database = {
    insertModerator: async (id: number) =>
      void (await instances[0].database.db.insert(userRoles).values({ userId: id, role: "moderator" })),
  };
  for (const way of WAYS)
    it(`${way}: taken off on the other instance too`, async () => {
      const [one, two] = instances;
      await accessEndsAtOnce(way, { app: one.app, guestBase: two.base, hostBase: one.base }, database);
    });
});
