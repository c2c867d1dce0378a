import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app";
import { testConfig } from "#server/config";
import { createInProcessBus } from "#server/realtime/bus";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { usersRepository } from "../users/repository";
import { MODERATOR_USAGE, moderatorCommand } from "./command";
import { rolesRepository } from "./repository";
import { userRoles } from "./schema";
import { rolesService } from "./service";

/** Moderators hold a stored role that is granted, never derived from sign-up order nor passed on by deletion. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const adminStatus = async (cookie: string) =>
  (await as(t.app, cookie)({ method: "GET", url: "/api/admin/reports" })).statusCode;
const holders = async () => (await t.database.db.select().from(userRoles)).map((r) => r.userId);
const roles = (adminUsernames: string[] = []) =>
  rolesService({ repo: rolesRepository(t.database.db), users: usersRepository(t.database.db), adminUsernames });

describe("moderator role", () => {
  it("is nobody's by sign-up order; granted by the command; deleting the moderator passes it to nobody", async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    expect(await adminStatus(first.cookie)).toBe(403);

    expect(await moderatorCommand(["grant", first.user.username], roles(), [])).toEqual({
      code: 0,
      line: `${first.user.username.toLowerCase()} is now a moderator`,
    });
    expect(await adminStatus(first.cookie)).toBe(200);
    expect(await adminStatus(second.cookie)).toBe(403);

    const deleted = await as(
      t.app,
      first.cookie,
    )({
      method: "DELETE",
      url: "/api/account",
      payload: { password: first.password },
    });
    expect(deleted.statusCode).toBe(200);
    // The next account up is not the moderator now, and no role row is left over.
    expect(await adminStatus(second.cookie)).toBe(403);
    expect(await holders()).not.toContain(first.user.id);
    expect(await holders()).not.toContain(second.user.id);
  });

  it("the command grants and revokes by username (any case), says when nothing changed, refuses bad usage", async () => {
    const person = await registerUser(t.app, { username: `Mod${Date.now().toString(36)}` });
    const name = person.user.username.toLowerCase();
    const run = (...args: string[]) => moderatorCommand(args, roles([name]), [name]);
    expect(await run("grant", person.user.username.toUpperCase())).toEqual({
      code: 0,
      line: `${name} is now a moderator`,
    });
    expect(await run("grant", name)).toEqual({ code: 0, line: `${name} was already a moderator` });
    expect(await adminStatus(person.cookie)).toBe(200);
    expect((await run("revoke", name)).line).toBe(
      `${name} is no longer a moderator; remove ${name} from ADMIN_USERNAMES too, or it is granted again`,
    );
    expect(await holders()).not.toContain(person.user.id);
    expect((await moderatorCommand(["revoke", name], roles(), [])).line).toBe(`${name} was not a moderator`);
    expect(await moderatorCommand(["grant", "nobody-here"], roles(), [])).toEqual({
      code: 1,
      line: "no account is named nobody-here",
    });
    for (const args of [[], ["promote", name], ["grant"], ["grant", name, "extra"], ["grant", "x".repeat(65)]])
      expect(await moderatorCommand(args, roles(), [])).toEqual({ code: 2, line: MODERATOR_USAGE });
  });

  it("ADMIN_USERNAMES grants the stored role at start, and to a listed name that registers later", async () => {
    const listed = await registerUser(t.app, { username: `Boss${Date.now().toString(36)}` });
    const later = `late${Date.now().toString(36)}`;
    const bus = createInProcessBus();
    // A second instance starting on the same database with the names listed.
    const started = await buildApp({
      config: testConfig({ ADMIN_USERNAMES: [listed.user.username.toLowerCase(), later] }),
      database: t.database,
      bus,
    });
    try {
      await started.ready();
      const [row] = await t.database.db.select().from(userRoles).where(eq(userRoles.userId, listed.user.id));
      expect(row?.role).toBe("moderator");
      const newcomer = await registerUser(started, { username: later });
      expect((await as(started, newcomer.cookie)({ method: "GET", url: "/api/admin/reports" })).statusCode).toBe(200);
      expect(await holders()).toContain(newcomer.user.id);
      // Unlisted people stay out.
      const other = await registerUser(started);
      expect((await as(started, other.cookie)({ method: "GET", url: "/api/admin/reports" })).statusCode).toBe(403);
    } finally {
      await started.close();
      await bus.close();
    }
  });
});
