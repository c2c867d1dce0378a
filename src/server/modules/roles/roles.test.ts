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

  it("ADMIN_USERNAMES grants at start only, to the accounts that existed then, pinned by id", async () => {
    const stamp = Date.now().toString(36);
    const listed = await registerUser(t.app, { username: `Boss${stamp}` });
    const listedName = listed.user.username.toLowerCase();
    const later = `late${stamp}`;
    const warnings: string[] = [];
    const running: Array<() => Promise<void>> = [];
    // An instance starting on the same database with the names listed, as a deployment restarts.
    const start = async () => {
      const bus = createInProcessBus();
      const app = await buildApp({
        config: testConfig({ ADMIN_USERNAMES: [listedName, later] }),
        database: t.database,
        bus,
      });
      const warn = app.log.warn.bind(app.log) as (...args: unknown[]) => void;
      app.log.warn = ((message: unknown, ...rest: unknown[]) => {
        warnings.push(String(message));
        warn(message, ...rest);
      }) as typeof app.log.warn;
      const close = async () => {
        await app.close();
        await bus.close();
      };
      running.push(close);
      await app.ready();
      return { app, close };
    };
    const adminAt = async (app: TestApp["app"], cookie: string) =>
      (await as(app, cookie)({ method: "GET", url: "/api/admin/reports" })).statusCode;

    try {
      const first = await start();
      expect(await adminAt(first.app, listed.cookie)).toBe(200);
      // Registering a listed name that had no account at start grants nothing, even on its admin request.
      const squatter = await registerUser(first.app, { username: later });
      expect(await adminAt(first.app, squatter.cookie)).toBe(403);
      expect(await holders()).not.toContain(squatter.user.id);
      await first.close();

      // Nor does the next start: the name was pinned to nobody when first listed, and the log says so.
      const second = await start();
      expect(await adminAt(second.app, squatter.cookie)).toBe(403);
      expect(warnings.some((w) => w.includes(later) && w.includes("npm run moderator"))).toBe(true);
      // The listed moderator deletes the account; someone else registers the freed name.
      const deleted = await as(
        second.app,
        listed.cookie,
      )({ method: "DELETE", url: "/api/account", payload: { password: listed.password } });
      expect(deleted.statusCode).toBe(200);
      const heir = await registerUser(second.app, { username: listed.user.username });
      expect(await adminAt(second.app, heir.cookie)).toBe(403);
      await second.close();

      const third = await start();
      expect(await adminAt(third.app, heir.cookie)).toBe(403);
      expect(await holders()).not.toContain(heir.user.id);
      const other = await registerUser(third.app);
      expect(await adminAt(third.app, other.cookie)).toBe(403);
    } finally {
      // Closing twice is harmless; this closes whatever a failed expectation left open.
      for (const close of running) await close().catch(() => undefined);
    }
  });
});
