import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { API_TEXTS } from "#contract/api-texts";
import { ACCESS_GRANT_TEXTS } from "#contract/auth";
import { messageKey } from "#contract/i18n/texts";
import { HttpError } from "#server/http/http-error";
import { hashSessionToken } from "#server/http/session";
import { groupInvites } from "#server/modules/invites/schema";
import { users } from "#server/modules/users/schema";
import { createInProcessBus } from "#server/realtime/bus";
import { createGroup, createUser } from "#server/test/factories";
import { registerPayload } from "#server/test/people";
import { testAppForSuite } from "#server/test/suite";
import { accessGrantCookie, sessionCookieOf } from "#server/test/test-app";
import { InviteUnusableError } from "../invites";
import { GrantMissingError } from "./errors";
import type { AuthRepository } from "./repository";
import { sessions } from "./schema";
import { authService } from "./service";

/**
 * The refusals a visitor meets before any name or address is looked at, a password check that never lets
 * in a broken hash, and what a session's use deletes or leaves alone.
 */
const t = testAppForSuite();

const register = (payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({ method: "POST", url: "/api/register", payload, headers: cookie ? { cookie } : {} });
const refusal = (texts: Record<string, string>, key: string) => ({
  message: texts[key],
  code: messageKey(texts, key),
});

describe("a registration whose grant is no longer good", () => {
  it("is refused 403 before the name or address is checked: a spent code tells nothing of who has an account", async () => {
    const existing = await createUser(t);
    const cookie = await accessGrantCookie(t.app);
    expect((await register(registerPayload(), cookie)).statusCode).toBe(201);
    for (const taken of [{ username: existing.user.username }, { email: existing.user.email }]) {
      const again = await register(registerPayload(taken), cookie);
      expect([again.statusCode, again.json()]).toEqual([403, refusal(ACCESS_GRANT_TEXTS, "missing")]);
    }
  });

  it("with a used-up invite is refused 403 before the name or address is checked", async () => {
    const [admin, existing] = [await createUser(t), await createUser(t)];
    const group = await createGroup(admin);
    await t.database.db.update(groupInvites).set({ currentUses: 50 }).where(eq(groupInvites.code, group.inviteCode));
    for (const taken of [{ username: existing.user.username }, { email: existing.user.email }]) {
      const res = await register({ ...registerPayload(taken), inviteCode: group.inviteCode });
      expect([res.statusCode, res.json()]).toEqual([403, refusal(ACCESS_GRANT_TEXTS, "inviteUnusable")]);
    }
  });

  it("with a good invite and a taken address is 409, and the invite stays usable", async () => {
    const [admin, existing] = [await createUser(t), await createUser(t)];
    const group = await createGroup(admin);
    const res = await register({ ...registerPayload({ email: existing.user.email }), inviteCode: group.inviteCode });
    expect([res.statusCode, res.json()]).toEqual([409, refusal(ACCESS_GRANT_TEXTS, "emailTaken")]);
    expect((await register({ ...registerPayload(), inviteCode: group.inviteCode })).statusCode).toBe(201);
  });
});

describe("signing in", () => {
  it("never lets in an account whose stored hash is not a password hash, whatever the password", async () => {
    const person = await createUser(t);
    await t.database.db.update(users).set({ passwordHash: "not-an-argon2-hash" }).where(eq(users.id, person.id));
    for (const password of [person.password, "not-an-argon2-hash", "anything"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: person.user.username, password },
      });
      expect([res.statusCode, res.json()]).toEqual([401, refusal(API_TEXTS, "invalidLogin")]);
    }
  });

  it("deletes the account's sessions already past their end, and no one else's", async () => {
    const [person, other] = [await createUser(t), await createUser(t)];
    const past = new Date(Date.now() - 1000);
    for (const who of [person, other])
      await t.database.db.update(sessions).set({ expiresAt: past }).where(eq(sessions.userId, who.id));
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: person.user.username, password: person.password },
    });
    expect(login.statusCode).toBe(200);
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, person.id));
    expect(left.map((s) => s.idHash)).toEqual([hashSessionToken(sessionCookieOf(login).split("=")[1])]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, other.id))).toHaveLength(1);
  });
});

describe("a session at its use", () => {
  const hashOf = (cookie: string) => hashSessionToken(cookie.split("=")[1]);
  const rowOf = async (cookie: string) =>
    (
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashOf(cookie)))
    )[0];

  it("past its end is refused and its row deleted", async () => {
    const person = await createUser(t);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hashOf(person.cookie)));
    expect((await person.call({ url: "/api/user" })).statusCode).toBe(401);
    expect(await rowOf(person.cookie)).toBeUndefined();
  });

  it("seen under a minute ago keeps its idle clock unwritten", async () => {
    const person = await createUser(t);
    const seen = new Date(Date.now() - 20_000);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: seen })
      .where(eq(sessions.idHash, hashOf(person.cookie)));
    expect((await person.call({ url: "/api/user" })).statusCode).toBe(200);
    expect((await rowOf(person.cookie)).lastSeenAt.getTime()).toBe(seen.getTime());
  });
});

describe("a registration that loses a race inside its transaction", () => {
  const profile = { fullName: "Race", username: "race", email: "race@example.com", password: "secret123" };
  const serviceWhoseInsertThrows = (error: unknown) => {
    const repo = {
      hasGrant: async () => true,
      isInviteUsable: async () => true,
      findTakenField: async () => null,
      insertUserWithGrant: async () => {
        throw error;
      },
    } as unknown as AuthRepository;
    return authService({ repo, bus: createInProcessBus() });
  };
  const answerOf = async (error: unknown, kind: "code" | "invite") => {
    const grant = kind === "code" ? ({ kind, idHash: "h" } as const) : ({ kind, code: "c" } as const);
    try {
      await serviceWhoseInsertThrows(error).register({ ...profile, bio: "", interests: [] } as never, grant);
      return "stored";
    } catch (thrown) {
      return thrown instanceof HttpError ? [thrown.statusCode, thrown.code] : thrown;
    }
  };

  it("answers by code: the grant spent meanwhile 403, the invite used up 403, the name taken meanwhile 409", async () => {
    const taken = [409, messageKey(API_TEXTS, "usernameOrEmailTaken")];
    expect(await answerOf(new GrantMissingError(), "code")).toEqual([403, messageKey(ACCESS_GRANT_TEXTS, "missing")]);
    expect(await answerOf(new InviteUnusableError("used_up"), "invite")).toEqual([
      403,
      messageKey(ACCESS_GRANT_TEXTS, "inviteUnusable"),
    ]);
    // The unique index's violation, as the driver raises it and as the query builder wraps it.
    expect(await answerOf(Object.assign(new Error("duplicate"), { code: "23505" }), "code")).toEqual(taken);
    expect(await answerOf(Object.assign(new Error("query failed"), { cause: { code: "23505" } }), "code")).toEqual(
      taken,
    );
    const other = Object.assign(new Error("disk full"), { code: "53100" });
    expect(await answerOf(other, "code")).toBe(other);
  });
});
