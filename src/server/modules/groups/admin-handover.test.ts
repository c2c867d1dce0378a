import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createGroup, eventSuite, type Who } from "#server/test/factories";

/**
 * A group never ends up without an admin while it has members: when the admin goes (leaves or deletes
 * the account) at the same moment as the member who would take over, the next one takes over.
 */
const { app, signUp } = eventSuite();

async function adminsAndMembers(groupId: number) {
  const { rows } = (await app().database.db.execute(
    sql`select user_id, role from group_members where group_id = ${groupId} order by joined_at, user_id`,
  )) as unknown as { rows: { user_id: number; role: string }[] };
  return rows;
}

/** A group made by `admin`, joined in this order by the others. */
async function groupOf(admin: Who, others: Who[]) {
  const group = await createGroup(admin, { name: "Climbers" });
  for (const who of others) {
    const res = await who.call({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` });
    expect(res.statusCode).toBe(200);
  }
  return group;
}

describe("the last admin going", () => {
  it("hands over to the next member when the admin and the longest-standing member leave at once", async () => {
    for (let round = 0; round < 4; round++) {
      const [admin, first, second] = [await signUp(), await signUp(), await signUp()];
      const group = await groupOf(admin, [first, second]);
      const answers = await Promise.all(
        [admin, first].map((who) => who.call({ method: "POST", url: `/api/groups/${group.id}/leave` })),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await adminsAndMembers(group.id)).toEqual([{ user_id: second.id, role: "admin" }]);
    }
  });

  it("hands over when the admin deletes the account while the longest-standing member leaves", async () => {
    for (let round = 0; round < 3; round++) {
      const [admin, first, second] = [await signUp(), await signUp(), await signUp()];
      const group = await groupOf(admin, [first, second]);
      const answers = await Promise.all([
        admin.call({ method: "DELETE", url: "/api/account", payload: { password: admin.password } }),
        first.call({ method: "POST", url: `/api/groups/${group.id}/leave` }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await adminsAndMembers(group.id)).toEqual([{ user_id: second.id, role: "admin" }]);
    }
  });
});
