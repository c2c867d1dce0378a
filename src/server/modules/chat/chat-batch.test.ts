import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_TEXTS } from "#contract/groups";
import { type Database, openDatabase } from "#server/db/client";
import { groupMembers, groups } from "#server/modules/groups/schema";
import { users } from "#server/modules/users/schema";
import { createInProcessBus } from "#server/realtime/bus";
import { as, createTestApp, freshDatabaseUrl, registerUser, type TestApp } from "#server/test/test-app";
import { chatRepository } from "./repository";
import { chatMessages } from "./schema";
import { chatService } from "./service";

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
  it("a plan's card waits its turn with the batches, so its id never commits after a larger one of its group", async () => {
    const { userIds, groupIds } = await world(1, 1);
    const holder = await openDatabase(url);
    const chat = chatRepository(databases[0].db);
    let cardStored = false;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Another instance's batch in flight: it holds the chat lock until it commits.
    const batch = holder.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7201024)`);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const card = chat
      .insertCard({ groupId: groupIds[0], userId: userIds[0], message: "Plan", referenceData: null })
      .then((stored) => {
        cardStored = true;
        return stored;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cardStored).toBe(false);
    release();
    await batch;
    expect((await card).messageType).toBe("event");
    await holder.close();
  });
});
