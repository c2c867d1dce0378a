import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITE_TEXTS } from "#contract/groups";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { groupInvites } from "./schema";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function privateGroup(name = "Book club") {
  const admin = await registerUser(t.app);
  const res = await as(
    t.app,
    admin.cookie,
  )({ method: "POST", url: "/api/groups", payload: { name, description: "Monthly", isPrivate: true } });
  const group = res.json() as { id: number; inviteCode: string };
  return { admin, group };
}
const memberCount = async (cookie: string, groupId: number) =>
  ((await as(t.app, cookie)({ method: "GET", url: `/api/groups/${groupId}/members` })).json() as unknown[]).length;
const inviteOf = async (code: string) =>
  (await t.app.inject({ method: "GET", url: `/api/group-invite/${code}` })).json();

describe("group invites", () => {
  it("shows anyone the group, the invite's uses and who invited them (never who is in it); 404s an unknown code", async () => {
    const { admin, group } = await privateGroup();
    const res = await t.app.inject({ method: "GET", url: `/api/group-invite/${group.inviteCode}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      group: { name: "Book club", description: "Monthly", imageUrl: null, memberCount: 1 },
      invite: { expiresAt: expect.any(String), maxUses: 50, currentUses: 0 },
      invitedBy: { fullName: admin.user.fullName, profileImage: null },
    });
    const missing = await t.app.inject({ method: "GET", url: "/api/group-invite/nope" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: INVITE_TEXTS.notFound });
  });

  it("tells a signed-in viewer whether they are a member; only a member learns the group id", async () => {
    const { admin, group } = await privateGroup("Chess night");
    const url = `/api/group-invite/${group.inviteCode}`;
    const anon = (await t.app.inject({ method: "GET", url })).json();
    expect(anon).not.toHaveProperty("isMember");
    expect(anon).not.toHaveProperty("groupId");

    const asAdmin = (await as(t.app, admin.cookie)({ method: "GET", url })).json();
    expect(asAdmin).toMatchObject({
      isMember: true,
      groupId: group.id,
      group: { name: "Chess night", memberCount: 1 },
    });

    const b = await registerUser(t.app);
    const outsider = (await as(t.app, b.cookie)({ method: "GET", url })).json();
    expect(outsider.isMember).toBe(false);
    expect(outsider).not.toHaveProperty("groupId");

    await as(t.app, b.cookie)({ method: "POST", url: `${url}/join` });
    expect((await as(t.app, b.cookie)({ method: "GET", url })).json()).toMatchObject({
      isMember: true,
      groupId: group.id,
    });
  });

  it("names nobody as the inviter to a viewer on either side of a block with them", async () => {
    const { admin, group } = await privateGroup("Pottery");
    const url = `/api/group-invite/${group.inviteCode}`;
    const [blockedByAdmin, blockingAdmin, bystander] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    const block = async (blocker: string, userId: number) =>
      expect((await as(t.app, blocker)({ method: "POST", url: "/api/blocks", payload: { userId } })).statusCode).toBe(
        200,
      );
    await block(admin.cookie, blockedByAdmin.user.id);
    await block(blockingAdmin.cookie, admin.user.id);
    const seenBy = async (cookie: string) => (await as(t.app, cookie)({ method: "GET", url })).json();

    for (const viewer of [blockedByAdmin, blockingAdmin]) {
      const view = await seenBy(viewer.cookie);
      expect(view.invitedBy).toBeNull();
      expect(JSON.stringify(view)).not.toContain(admin.user.fullName);
      // The rest of the page is what anyone holding the link sees: the block does not show itself.
      expect(view.group).toEqual((await inviteOf(group.inviteCode)).group);
    }
    expect((await seenBy(bystander.cookie)).invitedBy).toEqual({ fullName: admin.user.fullName, profileImage: null });
    expect((await seenBy(admin.cookie)).invitedBy).toEqual({ fullName: admin.user.fullName, profileImage: null });
  });

  it("needs a session to join, then joins once and is idempotent", async () => {
    const { admin, group } = await privateGroup();
    const anon = await t.app.inject({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` });
    expect(anon.statusCode).toBe(401);
    const b = await registerUser(t.app);
    const join = () => as(t.app, b.cookie)({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` });
    const first = await join();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ group: { id: group.id, name: "Book club" } });
    const again = await join();
    expect(again.statusCode).toBe(200);
    expect((await inviteOf(group.inviteCode)).invite.currentUses).toBe(1);
    expect(await memberCount(admin.cookie, group.id)).toBe(2);
  });

  it("answers 410 for an expired invite and adds nobody", async () => {
    const { admin, group } = await privateGroup();
    await t.database.db
      .update(groupInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(groupInvites.code, group.inviteCode));
    const b = await registerUser(t.app);
    const res = await as(t.app, b.cookie)({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ message: INVITE_TEXTS.expired });
    expect(await memberCount(admin.cookie, group.id)).toBe(1);
    expect((await inviteOf(group.inviteCode)).invite.currentUses).toBe(0);
  });

  it("answers 410 for a used-up invite and adds nobody", async () => {
    const { admin, group } = await privateGroup();
    const minted = await as(
      t.app,
      admin.cookie,
    )({ method: "POST", url: `/api/groups/${group.id}/invites`, payload: { maxUses: 1 } });
    const code = minted.json().code as string;
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    expect((await as(t.app, b.cookie)({ method: "POST", url: `/api/group-invite/${code}/join` })).statusCode).toBe(200);
    const res = await as(t.app, c.cookie)({ method: "POST", url: `/api/group-invite/${code}/join` });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ message: INVITE_TEXTS.usedUp });
    expect(await memberCount(admin.cookie, group.id)).toBe(2);
    expect((await inviteOf(code)).invite).toMatchObject({ currentUses: 1, maxUses: 1 });
  });

  it("lets exactly 5 of 20 concurrent joins through a 5-use invite", async () => {
    const { admin, group } = await privateGroup();
    const minted = await as(
      t.app,
      admin.cookie,
    )({ method: "POST", url: `/api/groups/${group.id}/invites`, payload: { maxUses: 5 } });
    const code = minted.json().code as string;
    const users = await Promise.all(Array.from({ length: 20 }, () => registerUser(t.app)));
    const results = await Promise.all(
      users.map((u) => as(t.app, u.cookie)({ method: "POST", url: `/api/group-invite/${code}/join` })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 410)).toHaveLength(15);
    expect(await memberCount(admin.cookie, group.id)).toBe(6);
    expect((await inviteOf(code)).invite.currentUses).toBe(5);
  });
});
