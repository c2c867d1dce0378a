import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
