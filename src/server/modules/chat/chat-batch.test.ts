import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_TEXTS } from "#contract/groups";
import { type Database, openDatabase } from "#server/db/client";
import { groupMembers, groups } from "#server/modules/groups/schema";
import { users } from "#server/modules/users/schema";
import { createInProcessBus } from "#server/realtime/bus";
import { as, createTestApp, freshDatabaseUrl, registerUser, type TestApp } from "#server/test/test-app";
import { type ChatRepository, chatRepository, type StoredMessage } from "./repository";
import { chatMessages } from "./schema";
import { type ChatService, chatService } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("messages sent at the same moment", () => {
  it("are stored by one batch yet each sender gets its own row, in order; a non-member's gets 403 and is not stored", async () => {
    const alice = await registerUser(t.app, { fullName: "Alice Batch" });
    const bob = await registerUser(t.app, { fullName: "Bob Batch" });
    const mallory = await registerUser(t.app, { fullName: "Mallory Batch" });
    const [group] = await t.database.db.insert(groups).values({ name: "Batch" }).returning();
    await t.database.db.insert(groupMembers).values([
      { groupId: group.id, userId: alice.user.id },
      { groupId: group.id, userId: bob.user.id },
    ]);
    const post = (who: { cookie: string }, message: string) =>
      as(t.app, who.cookie)({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message } });
    const sends = [
      post(alice, "a1"),
      post(bob, "b1"),
      post(mallory, "m1"),
      post(alice, "a2"),
      post(alice, "a2"),
      post(bob, "b2"),
    ];
    const answers = await Promise.all(sends);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 403, 201, 201, 201]);
    expect(answers[2].json()).toMatchObject({ message: GROUP_TEXTS.notMember });
    const bodies = answers
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json() as { id: number; message: string; userName: string });
    expect(bodies.map((b) => [b.message, b.userName])).toEqual([
      ["a1", "Alice Batch"],
      ["b1", "Bob Batch"],
      ["a2", "Alice Batch"],
      ["a2", "Alice Batch"],
      ["b2", "Bob Batch"],
    ]);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(5);
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.groupId, group.id));
    expect(stored.map((m) => m.message).sort()).toEqual(["a1", "a2", "a2", "b1", "b2"]);
  });
});

describe("the writer's statements", () => {
  /** A repository whose inserts answer only when the test says: each call's groups, and a way to finish it. */
  function heldRepository() {
    const calls: Array<{ groups: number[]; finish: () => void }> = [];
    const chat = {
      insertAsMembers: (inputs: Parameters<ChatRepository["insertAsMembers"]>[0]) =>
        new Promise<Array<StoredMessage | null>>((resolve) => {
          calls.push({
            groups: inputs.map((m) => m.groupId),
            finish: () =>
              resolve(
                inputs.map((m, n) => ({
                  id: calls.length * 1000 + n,
                  groupId: m.groupId,
                  userId: m.userId,
                  message: m.message,
                  messageType: m.messageType,
                  attachmentUrl: null,
                  referenceData: null,
                  sentAt: new Date(),
                  hiddenAt: null,
                  clientId: null,
                  userName: "Held",
                })),
              ),
          });
        }),
    } as unknown as ChatRepository;
    const service = chatService({ chat, groups: { roleOf: async () => "member" }, bus: createInProcessBus() });
    const send = (groupId: number, message: string) => service.send(1, { groupId, message });
    return { calls, send };
  }
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  /** Longer than the writer waits before it starts a statement beside others in flight. */
  const overlapWait = () => new Promise((resolve) => setTimeout(resolve, 30));

  it("run side by side for different groups once one stalls, while a group's later messages wait for its statement in flight", async () => {
    const { calls, send } = heldRepository();
    const done: string[] = [];
    const track = (groupId: number, message: string) => send(groupId, message).then((m) => void done.push(m.message));
    const first = [track(1, "g1 a"), track(2, "g2 a")];
    await turn();
    expect(calls.map((c) => c.groups)).toEqual([[1, 2]]);
    const second = [track(1, "g1 b"), track(3, "g3 a"), track(1, "g1 c")];
    await turn();
    // A statement that returns soon is waited for: the next batch would only be smaller.
    expect(calls.map((c) => c.groups)).toEqual([[1, 2]]);
    await overlapWait();
    // Group 1 is in the statement in flight: only group 3 starts beside it.
    expect(calls.map((c) => c.groups)).toEqual([[1, 2], [3]]);
    calls[1].finish();
    await Promise.all([second[1]]);
    expect(done).toEqual(["g3 a"]);
    calls[0].finish();
    await Promise.all(first);
    await turn();
    expect(calls.map((c) => c.groups)).toEqual([[1, 2], [3], [1, 1]]);
    calls[2].finish();
    await Promise.all(second);
    expect(done).toEqual(["g3 a", "g1 a", "g2 a", "g1 b", "g1 c"]);
  });

  it("are at most four at once; the rest wait for a free one", async () => {
    const { calls, send } = heldRepository();
    const sends: Promise<unknown>[] = [];
    for (let g = 1; g <= 4; g++) {
      sends.push(send(g, `g${g}`));
      await overlapWait();
    }
    sends.push(send(5, "g5"), send(6, "g6"));
    await overlapWait();
    expect(calls.map((c) => c.groups)).toEqual([[1], [2], [3], [4]]);
    calls[0].finish();
    await sends[0];
    await turn();
    expect(calls.map((c) => c.groups)).toEqual([[1], [2], [3], [4], [5, 6]]);
    for (const c of calls.slice(1)) c.finish();
    await Promise.all(sends);
  });
});

const postgresServer = process.env.DB_TIER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!postgresServer)("two writers on one PostgreSQL database (two instances)", () => {
  let url: string;
  let drop: () => Promise<void>;
  const databases: Database[] = [];
  beforeAll(async () => {
    ({ url, drop } = await freshDatabaseUrl());
    for (let i = 0; i < 3; i++) databases.push(await openDatabase(url));
  });
  afterAll(async () => {
    for (const d of databases) await d.close();
    await drop();
  });
  const writer = (d: Database) =>
    chatService({ chat: chatRepository(d.db), groups: { roleOf: async () => "member" }, bus: createInProcessBus() });

  /** `peopleCount` users and `groupCount` groups, everyone a member of every group. */
  async function world(peopleCount: number, groupCount: number) {
    const { db } = databases[0];
    const tag = randomUUID().slice(0, 8);
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: peopleCount }, (_, i) => ({
          fullName: `Writer ${i}`,
          username: `w${i}_${tag}`,
          email: `w${i}_${tag}@example.com`,
          passwordHash: "x",
        })),
      )
      .returning({ id: users.id });
    const made = await db
      .insert(groups)
      .values(Array.from({ length: groupCount }, (_, i) => ({ name: `Order ${i}` })))
      .returning({ id: groups.id });
    await db.insert(groupMembers).values(made.flatMap((g) => people.map((u) => ({ groupId: g.id, userId: u.id }))));
    return { userIds: people.map((u) => u.id), groupIds: made.map((g) => g.id) };
  }

  it("store each message once; each sender's messages of a group in send order; a reader after its last id misses none", async () => {
    const { userIds, groupIds } = await world(8, 6);
    const [one, two, readerDb] = databases;
    // Instance one writes to groups 0-3, instance two to groups 2-5: groups 2 and 3 take both.
    const instances = [
      { service: writer(one), senders: userIds.slice(0, 4), groups: groupIds.slice(0, 4) },
      { service: writer(two), senders: userIds.slice(4), groups: groupIds.slice(2) },
    ];
    const reader = chatRepository(readerDb.db);
    const seen = new Map<number, Set<number>>(groupIds.map((g) => [g, new Set()]));
    const lastSeen = new Map<number, number>(groupIds.map((g) => [g, 0]));
    const readGroup = async (g: number) => {
      for (const m of await reader.pageAfter(g, lastSeen.get(g) ?? 0, 10_000)) {
        seen.get(g)?.add(m.id);
        lastSeen.set(g, Math.max(lastSeen.get(g) ?? 0, m.id));
      }
    };
    let writing = true;
    // One reader per group, as often as it can: the gap it must not fall into is one commit wide.
    const reading = Promise.all(
      groupIds.map(async (g) => {
        while (writing) await readGroup(g);
      }),
    );
    const rounds = 200;
    const sends: Promise<unknown>[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const { service, senders, groups: targets } of instances)
        for (const sender of senders)
          for (const groupId of targets)
            sends.push(service.send(sender, { groupId, message: `${sender}:${groupId}:${round}` }));
      // A round per turn of the event loop: many batches, several in flight.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(sends);
    writing = false;
    await reading;
    for (const g of groupIds) await readGroup(g);

    const stored = await databases[0].db
      .select()
      .from(chatMessages)
      .where(inArray(chatMessages.groupId, groupIds))
      .orderBy(chatMessages.id);
    expect(stored).toHaveLength(sends.length);
    expect(new Set(stored.map((m) => m.message)).size).toBe(sends.length);
    for (const g of groupIds) {
      const ofGroup = stored.filter((m) => m.groupId === g);
      for (const sender of userIds) {
        const rounds = ofGroup.filter((m) => m.userId === sender).map((m) => Number(m.message.split(":")[2]));
        expect(rounds).toEqual([...rounds].sort((a, b) => a - b));
      }
      expect([...(seen.get(g) ?? [])].sort((a, b) => a - b)).toEqual(ofGroup.map((m) => m.id));
    }
  });

  it("a group's batch waits for the one holding its lock and draws its ids after it; other groups' go on", async () => {
    const { userIds, groupIds } = await world(4, 3);
    const [stalled, waiting, other] = userIds;
    const [group, otherGroup, thirdGroup] = groupIds;
    const one = writer(databases[0]);
    const two = writer(databases[1]);
    const reader = chatRepository(databases[2].db);
    // A batch of one's stalls at its commit: its foreign key check waits for the sender's row, locked here.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("begin");
    await holder.query("select 1 from users where id = $1 for update", [stalled]);
    const finished = new Set<string>();
    const track = (service: ChatService, userId: number, groupId: number, message: string) =>
      service.send(userId, { groupId, message }).then((m) => {
        finished.add(message);
        return m;
      });
    const first = track(one, stalled, group, "first");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = track(two, waiting, group, "second");
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Other groups are stored meanwhile, on the same instance as the stalled batch and on the other.
    const sameInstance = await track(one, other, otherGroup, "other group, same instance");
    const otherInstance = await track(two, other, thirdGroup, "other group, other instance");
    expect([...finished].sort()).toEqual(["other group, other instance", "other group, same instance"]);
    expect(await reader.pageAfter(group, 0, 10)).toEqual([]);
    await holder.query("rollback");
    await holder.end();
    const [a, b] = await Promise.all([first, second]);
    expect(a.id).toBeLessThan(b.id);
    // The second batch started before the other instance's, yet its id is larger: drawn once it held the lock.
    expect(b.id).toBeGreaterThan(otherInstance.id);
    expect(sameInstance.id).toBeLessThan(b.id);
    expect((await reader.pageAfter(group, 0, 10)).map((m) => m.message)).toEqual(["first", "second"]);
  });
});
