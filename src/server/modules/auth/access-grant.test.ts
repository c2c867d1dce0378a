import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_GRANT_TEXTS } from "#contract/auth";
import { ACCESS_GRANT_TTL_MS } from "#contract/limits";
import { groupInvites } from "#server/modules/invites/schema";
import { users } from "#server/modules/users/schema";
import {
  accessGrantCookie,
  as,
  createTestApp,
  registerUser,
  sessionCookieOf,
  type TestApp,
} from "#server/test/test-app";
import { accessGrants } from "./schema";

// No account without an access grant: a verified early-access code, or a group invite (an invited friend
// needs no code).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const newcomer = () => {
  n += 1;
  return {
    fullName: `New Comer ${n}`,
    username: `newcomer_${n}`,
    email: `newcomer_${n}@example.com`,
    password: "secret123",
  };
};
const userCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
const register = (payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({ method: "POST", url: "/api/register", payload, headers: cookie ? { cookie } : {} });

describe("the early-access grant", () => {
  it("refuses a registration without a grant with 403 and a clear message, storing nothing, not even telling a name is taken", async () => {
    const existing = await registerUser(t.app);
    const before = await userCount();
    const bare = await register(newcomer());
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ message: ACCESS_GRANT_TEXTS.missing });
    const taken = await register({ ...newcomer(), username: existing.user.username });
    expect(taken.statusCode).toBe(403);
    const forged = await register(newcomer(), "link_access_grant=forged-value");
    expect(forged.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it("a valid code sets a short-lived HttpOnly SameSite=Lax grant cookie for the API only; a wrong code sets none", async () => {
    const ok = await t.app.inject({ method: "POST", url: "/api/access-codes/verify", payload: { code: "2468013579" } });
    expect(ok.json()).toEqual({ valid: true });
    const cookie = ok.cookies.find((c) => c.name === "link_access_grant");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api", maxAge: ACCESS_GRANT_TTL_MS / 1000 });
    // Only a hash is stored: the table never holds a usable cookie value.
    const rows = await t.database.db.select().from(accessGrants);
    expect(rows.map((r) => r.idHash)).not.toContain(cookie?.value);

    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/access-codes/verify",
      payload: { code: "0000000000" },
    });
    expect(wrong.json()).toEqual({ valid: false });
    expect(wrong.cookies.find((c) => c.name === "link_access_grant")).toBeUndefined();
  });

  it("GET /api/access-grant tells the browser whether its grant is still good: no cookie, forged, fresh, spent, lapsed", async () => {
    const status = async (cookie?: string) => {
      const res = await t.app.inject({ url: "/api/access-grant", headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      return res.json();
    };
    expect(await status()).toEqual({ granted: false });
    expect(await status("link_access_grant=forged-value")).toEqual({ granted: false });
    const fresh = await accessGrantCookie(t.app);
    expect(await status(fresh)).toEqual({ granted: true });
    // Asking does not spend it.
    expect(await status(fresh)).toEqual({ granted: true });
    expect((await register(newcomer(), fresh)).statusCode).toBe(201);
    expect(await status(fresh)).toEqual({ granted: false });
    const lapsing = await accessGrantCookie(t.app);
    await t.database.db.update(accessGrants).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await status(lapsing)).toEqual({ granted: false });
  });

  it("a grant registers one account: the register call spends it and clears the cookie", async () => {
    const cookie = await accessGrantCookie(t.app);
    const first = await register(newcomer(), cookie);
    expect(first.statusCode).toBe(201);
    expect(first.cookies.find((c) => c.name === "link_access_grant")?.value).toBe("");
    const before = await userCount();
    const again = await register(newcomer(), cookie);
    expect(again.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it("a registration refused for a taken name leaves the grant for the corrected attempt", async () => {
    const existing = await registerUser(t.app);
    const cookie = await accessGrantCookie(t.app);
    const taken = await register({ ...newcomer(), username: existing.user.username }, cookie);
    expect(taken.statusCode).toBe(409);
    expect((await register(newcomer(), cookie)).statusCode).toBe(201);
  });

  it("a registration refused for a taken e-mail spends the grant: one probe of an address per code entered", async () => {
    const existing = await registerUser(t.app);
    const cookie = await accessGrantCookie(t.app);
    const before = await userCount();
    const taken = await register({ ...newcomer(), email: existing.user.email.toUpperCase() }, cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: ACCESS_GRANT_TEXTS.emailTaken });
    const probe = await register({ ...newcomer(), email: `probe-${Date.now()}@example.com` }, cookie);
    expect(probe.statusCode).toBe(403);
    expect(probe.json()).toMatchObject({ message: ACCESS_GRANT_TEXTS.missing });
    expect(await userCount()).toBe(before);
  });

  it("a lapsed grant is no grant", async () => {
    const cookie = await accessGrantCookie(t.app);
    await t.database.db.update(accessGrants).set({ expiresAt: new Date(Date.now() - 1000) });
    const before = await userCount();
    const res = await register(newcomer(), cookie);
    expect(res.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it("two registrations racing for one grant: exactly one account", async () => {
    const cookie = await accessGrantCookie(t.app);
    const before = await userCount();
    const results = await Promise.all([
      register(newcomer(), cookie),
      register(newcomer(), cookie),
      register(newcomer(), cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
    expect(await userCount()).toBe(before + 1);
  });
});

describe("a group invite is an access grant", () => {
  async function privateGroup(name: string) {
    const admin = await registerUser(t.app);
    const res = await as(
      t.app,
      admin.cookie,
    )({ method: "POST", url: "/api/groups", payload: { name, description: "", isPrivate: true } });
    return { admin, group: res.json() as { id: number; inviteCode: string } };
  }

  it("registers without a code and joins the invite's group, counting one use", async () => {
    const { admin, group } = await privateGroup("Night Owls");
    const res = await register({ ...newcomer(), inviteCode: group.inviteCode });
    expect(res.statusCode).toBe(201);
    expect(res.json().joinedGroup).toEqual({ id: group.id, name: "Night Owls" });
    const members = (await as(t.app, admin.cookie)({ url: `/api/groups/${group.id}/members` })).json() as {
      id?: number;
      userId?: number;
    }[];
    expect(members.map((m) => m.id ?? m.userId)).toContain(res.json().id);
    const [invite] = await t.database.db.select().from(groupInvites).where(eq(groupInvites.code, group.inviteCode));
    expect(invite.currentUses).toBe(1);
    // The new member is signed in and sees the group.
    const mine = (await as(t.app, sessionCookieOf(res))({ url: `/api/group-invite/${group.inviteCode}` })).json();
    expect(mine).toMatchObject({ isMember: true, groupId: group.id });
  });

  it("an unknown, used-up or expired invite is refused with 403 and stores nothing", async () => {
    const { group } = await privateGroup("Closed Circle");
    const before = await userCount();
    for (const hostile of ["bad\u0000code", "x".repeat(65), ""]) {
      expect((await register({ ...newcomer(), inviteCode: hostile })).statusCode).toBe(400);
    }
    const unknown = await register({ ...newcomer(), inviteCode: "no-such-invite" });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toMatchObject({ message: ACCESS_GRANT_TEXTS.inviteUnusable });
    await t.database.db.update(groupInvites).set({ currentUses: 50 }).where(eq(groupInvites.code, group.inviteCode));
    expect((await register({ ...newcomer(), inviteCode: group.inviteCode })).statusCode).toBe(403);
    await t.database.db
      .update(groupInvites)
      .set({ currentUses: 0, expiresAt: new Date(Date.now() - 1000) })
      .where(eq(groupInvites.code, group.inviteCode));
    expect((await register({ ...newcomer(), inviteCode: group.inviteCode })).statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it("an invite's last use goes to one of two racing registrations; the other stores no account", async () => {
    const { group } = await privateGroup("Last Seat");
    await t.database.db.update(groupInvites).set({ currentUses: 49 }).where(eq(groupInvites.code, group.inviteCode));
    const before = await userCount();
    const results = await Promise.all([
      register({ ...newcomer(), inviteCode: group.inviteCode }),
      register({ ...newcomer(), inviteCode: group.inviteCode }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    expect(await userCount()).toBe(before + 1);
  });
});
