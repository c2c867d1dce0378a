import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_GRANT_TEXTS } from "#contract/auth";
import { hashSessionToken } from "#server/http/session";
import { users } from "#server/modules/users/schema";
import { cspDirectives, scriptSources } from "#server/test/csp";
import { registerPayload } from "#server/test/people";
import { accessGrantCookie, createTestApp, registerUser, sessionCookieOf, type TestApp } from "#server/test/test-app";
import { sessions } from "./schema";

const valid = registerPayload({
  fullName: "Ada Lovelace",
  username: "ada",
  email: "Ada@Example.com",
  password: "engine42",
});

describe("auth API", () => {
  let t: TestApp;
  const userCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("registers with the spec's payload: 201, signed in, hashed with argon2id, no secret in the answer", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: valid,
      headers: { cookie: await accessGrantCookie(t.app) },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ fullName: "Ada Lovelace", username: "ada", email: "ada@example.com" });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
    const cookie = res.cookies.find((c) => c.name === "link_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    const [row] = await t.database.db.select().from(users).where(eq(users.username, "ada"));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const me = await t.app.inject({ url: "/api/user", headers: { cookie: sessionCookieOf(res) } });
    expect(me.json().id).toBe(row.id);
  });

  it.each([
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ email: "not-an-email" }, "Valid email is required"],
    [{ password: "12345" }, "Password must be at least 6 characters"],
    [{ fullName: "  " }, "Full name is required"],
    [{ fullName: 42 }, "fullName"],
    [{ interests: "hiking" }, "interests"],
    [{ isAdmin: true }, "isAdmin"],
  ])("refuses %o with 400 naming the problem and stores nothing", async (patch, text) => {
    const before = await userCount();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { ...valid, username: "newname", email: "n@example.com", ...patch },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(text);
    expect(await userCount()).toBe(before);
  });

  it("refuses a missing field, malformed JSON, a non-JSON body and a 1 MB body without a 500", async () => {
    const before = await userCount();
    const missing = await t.app.inject({ method: "POST", url: "/api/register", payload: { username: "zed" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/fullName/);
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: "{bad",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBeTruthy();
    const text = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: "x=1",
      headers: { "content-type": "text/plain" },
    });
    expect(text.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { ...valid, bio: "x".repeat(1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBeTruthy();
    expect(await userCount()).toBe(before);
  });

  it("answers 409 naming the taken field, case-insensitively", async () => {
    let cookie = await accessGrantCookie(t.app);
    const name = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { ...valid, username: "ADA", email: "other@example.com" },
      headers: { cookie },
    });
    expect(name.statusCode).toBe(409);
    expect(name.json().message).toBe("Username already exists");
    cookie = await accessGrantCookie(t.app);
    const email = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { ...valid, username: "ada2", email: "ADA@example.com" },
      headers: { cookie },
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe(ACCESS_GRANT_TEXTS.emailTaken);
  });

  it("logs in by username or e-mail; a wrong pair is one 401 message whichever part was wrong", async () => {
    const byName = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "ada", password: "engine42" },
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().fullName).toBe("Ada Lovelace");
    const byEmail = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { fullName: "Ada", email: "ada@example.com", username: "ADA@example.com", password: "engine42" },
    });
    expect(byEmail.statusCode).toBe(200);
    for (const payload of [
      { username: "ada", password: "wrong-pass" },
      { username: "nobody", password: "engine42" },
    ]) {
      const res = await t.app.inject({ method: "POST", url: "/api/login", payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: "Invalid username or password" });
    }
    const empty = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: "", password: "" } });
    expect(empty.statusCode).toBe(400);
  });

  it("rotates the session at login and deletes it at logout", async () => {
    const { cookie, user } = await registerUser(t.app);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: user.username, password: "secret123" },
      headers: { cookie },
    });
    const fresh = sessionCookieOf(login);
    expect(fresh).not.toBe(cookie);
    expect((await t.app.inject({ url: "/api/user", headers: { cookie } })).statusCode).toBe(401);
    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: fresh } });
    expect(out.statusCode).toBe(200);
    const hash = hashSessionToken(fresh.split("=")[1]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.idHash, hash))).toHaveLength(0);
    expect((await t.app.inject({ url: "/api/users/current", headers: { cookie: fresh } })).statusCode).toBe(401);
  });

  it("ends idle and expired sessions", async () => {
    const { cookie } = await registerUser(t.app);
    const hash = hashSessionToken(cookie.split("=")[1]);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where(eq(sessions.idHash, hash));
    expect((await t.app.inject({ url: "/api/user", headers: { cookie } })).statusCode).toBe(401);
    const second = await registerUser(t.app);
    const hash2 = hashSessionToken(second.cookie.split("=")[1]);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hash2));
    expect((await t.app.inject({ url: "/api/user", headers: { cookie: second.cookie } })).statusCode).toBe(401);
  });

  it("looks sessions up for the API only, not for health checks or static files", async () => {
    const { cookie } = await registerUser(t.app);
    const hash = hashSessionToken(cookie.split("=")[1]);
    const earlier = new Date(Date.now() - 5 * 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: earlier }).where(eq(sessions.idHash, hash));
    const seen = async () =>
      (await t.database.db.select().from(sessions).where(eq(sessions.idHash, hash)))[0].lastSeenAt.getTime();
    await t.app.inject({ url: "/healthz", headers: { cookie } });
    expect(await seen()).toBe(earlier.getTime());
    expect((await t.app.inject({ url: "/api/user", headers: { cookie } })).statusCode).toBe(200);
    expect(await seen()).toBeGreaterThan(earlier.getTime());
  });

  it("answers 401 to the current-user reads when signed out", async () => {
    for (const url of ["/api/user", "/api/users/current"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBeTruthy();
    }
    const forged = await t.app.inject({ url: "/api/user", headers: { cookie: "link_session=forged" } });
    expect(forged.statusCode).toBe(401);
  });

  it("verifies access codes on the server", async () => {
    const ok = await t.app.inject({ method: "POST", url: "/api/access-codes/verify", payload: { code: "1234567890" } });
    expect(ok.json()).toEqual({ valid: true });
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/access-codes/verify",
      payload: { code: "0000000000" },
    });
    expect(wrong.json()).toEqual({ valid: false });
    for (const code of ["12345", "12345abcde", 1234567890]) {
      const bad = await t.app.inject({ method: "POST", url: "/api/access-codes/verify", payload: { code } });
      expect(bad.statusCode).toBe(400);
    }
  });

  it("refuses state-changing requests from another site", async () => {
    const before = await userCount();
    const payload = { ...valid, username: "csrf", email: "csrf@example.com" };
    const origin = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload,
      headers: { origin: "https://evil.example" },
    });
    expect(origin.statusCode).toBe(403);
    const site = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(site.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
    const same = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload,
      headers: { origin: "http://link.test:8080", host: "link.test:8080", cookie: await accessGrantCookie(t.app) },
    });
    expect(same.statusCode).toBe(201);
  });

  it("sends security headers, health answers and the OpenAPI document; unknown API paths are JSON 404s", async () => {
    const res = await t.app.inject({ url: "/healthz" });
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(cspDirectives(res.headers["content-security-policy"])["frame-ancestors"]).toBe("'none'");
    expect(scriptSources(res.headers["content-security-policy"])).toBe("'self'");
    expect((await t.app.inject({ url: "/readyz" })).json()).toMatchObject({ status: "ready" });
    const doc = await t.app.inject({ url: "/api/docs/json" });
    expect(doc.json().paths["/api/register"]).toBeDefined();
    const missing = await t.app.inject({ url: "/api/nothing-here" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: "Not found" });
  });
});
