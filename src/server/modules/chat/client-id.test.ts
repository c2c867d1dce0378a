import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupChannel } from "#contract/bus";
import { CHAT_TEXTS } from "#contract/chat";
import { GROUP_TEXTS } from "#contract/groups";
import { groupMembers, groups } from "#server/modules/groups/schema";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { chatMessages } from "./schema";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function twoGroups() {
  const alice = await registerUser(t.app, { fullName: "Alice Retry" });
  const bob = await registerUser(t.app, { fullName: "Bob Retry" });
  const made = await t.database.db
    .insert(groups)
    .values([{ name: "Retry" }, { name: "Other" }])
    .returning();
  await t.database.db.insert(groupMembers).values(
    made.flatMap((g) => [
      { groupId: g.id, userId: alice.user.id },
      { groupId: g.id, userId: bob.user.id },
    ]),
  );
  const post = (who: { cookie: string }, payload: object) =>
    as(t.app, who.cookie)({ method: "POST", url: "/api/chat/messages", payload });
  const stored = (groupId: number) =>
    t.database.db.select().from(chatMessages).where(eq(chatMessages.groupId, groupId));
  return { alice, bob, group: made[0], other: made[1], post, stored };
}

describe("a send retried with the same clientId", () => {
  it("answers the stored message (same id) and never stores a second row, sequentially and all at once", async () => {
    const { alice, group, post, stored } = await twoGroups();
    const clientId = randomUUID();
    const first = await post(alice, { groupId: group.id, message: "see you at 7", clientId });
    expect(first.statusCode).toBe(201);
    const again = await post(alice, { groupId: group.id, message: "see you at 7", clientId });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json()).toMatchObject({ message: "see you at 7", clientId, userName: "Alice Retry" });

    // Five retries of one new message land in the same write batch: still one row.
    const burstId = randomUUID();
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => post(alice, { groupId: group.id, message: "quick 2", clientId: burstId })),
    );
    expect(burst.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(burst.map((r) => r.json().id)).size).toBe(1);
    expect((await stored(group.id)).map((m) => m.message).sort()).toEqual(["quick 2", "see you at 7"]);
  });

  it("is unique per sender: another person's same clientId is their own message; another group's is refused 409", async () => {
    const { alice, bob, group, other, post, stored } = await twoGroups();
    const clientId = randomUUID();
    const mine = await post(alice, { groupId: group.id, message: "mine", clientId });
    const theirs = await post(bob, { groupId: group.id, message: "theirs", clientId });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
    const elsewhere = await post(alice, { groupId: other.id, message: "elsewhere", clientId });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({ message: CHAT_TEXTS.clientIdReused });
    expect(await stored(other.id)).toHaveLength(0);
    expect((await stored(group.id)).map((m) => m.message).sort()).toEqual(["mine", "theirs"]);
  });

  it("from someone removed from the group since is refused 403 and published to nobody", async () => {
    const { alice, bob, group, post, stored } = await twoGroups();
    const clientId = randomUUID();
    expect((await post(alice, { groupId: group.id, message: "before I left", clientId })).statusCode).toBe(201);
    await t.database.db
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, alice.user.id)));
    const heard: unknown[] = [];
    const unsubscribe = await t.bus.subscribe(groupChannel(group.id), (event) => heard.push(event));
    try {
      const again = await post(alice, { groupId: group.id, message: "before I left", clientId });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toMatchObject({ message: GROUP_TEXTS.notMember });
      // The members still there hear nothing; a fresh message from them still goes out.
      expect(heard).toEqual([]);
      expect((await post(bob, { groupId: group.id, message: "still here" })).statusCode).toBe(201);
      expect(heard).toHaveLength(1);
    } finally {
      await unsubscribe();
    }
    expect((await stored(group.id)).map((m) => m.message).sort()).toEqual(["before I left", "still here"]);
  });

  it("refuses a clientId that is not a UUID with 400 and stores nothing", async () => {
    const { alice, group, post, stored } = await twoGroups();
    const bad = await post(alice, { groupId: group.id, message: "hi", clientId: "1; drop table" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^clientId: /);
    expect(await stored(group.id)).toHaveLength(0);
  });
});
