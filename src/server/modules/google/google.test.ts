import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GOOGLE_SIGN_IN_ERRORS } from "#contract/auth";
import { users } from "#server/modules/users/schema";
import { accessGrantCookie, createTestApp, registerUser, type TestApp } from "#server/test/test-app";

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

describe("Google sign-in", () => {
  it("reports disabled and refuses the flow when the client id or secret is missing", async () => {
    const t = await createTestApp({ GOOGLE_CLIENT_ID: "id-only" });
    apps.push(t);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/google/status" })).json()).toEqual({ enabled: false });
    const start = await t.app.inject({ method: "GET", url: "/api/auth/google" });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toMatchObject({ message: "Google sign-in is not configured" });
    expect((await t.app.inject({ method: "GET", url: "/api/auth/google/callback?code=x&state=y" })).statusCode).toBe(
      404,
    );
  });

  it("reports enabled when both are configured, and a callback without its flow cookie goes back to /auth", async () => {
    const t = await createTestApp({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    apps.push(t);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/google/status" })).json()).toEqual({ enabled: true });
    const cb = await t.app.inject({ method: "GET", url: "/api/auth/google/callback?code=x&state=y" });
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe("/auth?error=google");
  });
});

/**
 * Google itself, at the network edge: discovery and the token endpoint answered through a stubbed
 * global fetch (what openid-client calls). The app is not mocked: its routes, cookies, database and
 * session run as in production. ID token signatures are not checked by openid-client for tokens
 * fetched from the token endpoint over TLS, so the fake token carries a dummy signature.
 */
const CLIENT_ID = "link-test-client";
function fakeGoogle(identity: () => Record<string, unknown>) {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const passThrough = globalThis.fetch;
  return vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === "https://accounts.google.com/.well-known/openid-configuration") {
      return Response.json({
        issuer: "https://accounts.google.com",
        authorization_endpoint: "https://accounts.google.com/o/oauth2/v2/auth",
        token_endpoint: "https://oauth2.googleapis.com/token",
        jwks_uri: "https://www.googleapis.com/oauth2/v3/certs",
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url === "https://oauth2.googleapis.com/token") {
      const now = Math.floor(Date.now() / 1000);
      const claims = { iss: "https://accounts.google.com", aud: CLIENT_ID, iat: now, exp: now + 3600, ...identity() };
      const idToken = `${b64({ alg: "RS256", typ: "JWT", kid: "test" })}.${b64(claims)}.c2lnbmF0dXJl`;
      return Response.json({
        access_token: "at",
        token_type: "Bearer",
        expires_in: 3600,
        id_token: idToken,
        scope: "openid email profile",
      });
    }
    return passThrough(input, init);
  });
}

describe("Google's redirect URI comes from PUBLIC_ORIGIN only", () => {
  const forged = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
  beforeAll(() =>
    vi.stubGlobal(
      "fetch",
      fakeGoogle(() => ({})),
    ),
  );
  afterAll(() => vi.unstubAllGlobals());
  const google = { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: "test-secret", TRUST_PROXY: true } as const;

  it("an X-Forwarded-Host never reaches the redirect URI", async () => {
    const t = await createTestApp({ ...google, PUBLIC_ORIGIN: "https://link.example" });
    apps.push(t);
    const start = await t.app.inject({ url: "/api/auth/google", headers: forged });
    expect(start.statusCode).toBe(302);
    const location = String(start.headers.location);
    expect(new URL(location).searchParams.get("redirect_uri")).toBe("https://link.example/api/auth/google/callback");
    expect(location).not.toContain("evil.example");
  });

  it("outside production without PUBLIC_ORIGIN it is the listening address, not the request's host", async () => {
    const t = await createTestApp({ ...google, PUBLIC_ORIGIN: undefined, PORT: 5213 });
    apps.push(t);
    const start = await t.app.inject({ url: "/api/auth/google", headers: forged });
    expect(new URL(String(start.headers.location)).searchParams.get("redirect_uri")).toBe(
      "http://localhost:5213/api/auth/google/callback",
    );
  });

  it("the demo in production (no PUBLIC_ORIGIN, loopback) uses its listening address too", async () => {
    const t = await createTestApp({
      ...google,
      PUBLIC_ORIGIN: undefined,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: 5214,
    });
    apps.push(t);
    const start = await t.app.inject({ url: "/api/auth/google", headers: forged });
    expect(new URL(String(start.headers.location)).searchParams.get("redirect_uri")).toBe(
      "http://127.0.0.1:5214/api/auth/google/callback",
    );
    expect((await t.app.inject({ url: "/api/auth/google/status" })).json()).toEqual({ enabled: true });
  });
});

describe("Google sign-in never enters an existing account by its e-mail alone", () => {
  let t: TestApp;
  let identity: Record<string, unknown> = {};
  beforeAll(async () => {
    vi.stubGlobal(
      "fetch",
      fakeGoogle(() => identity),
    );
    t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: "test-secret" });
    apps.push(t);
  });
  afterEach(() => {
    identity = {};
  });
  afterAll(() => vi.unstubAllGlobals());

  /** Runs the whole flow as a browser would: start, (Google consents), callback with the flow cookie. */
  async function signInWithGoogle(
    as: { sub: string; email: string; name?: string },
    session?: string,
    link = false,
    grant?: string,
    /** What Google says beyond these (email_verified: false), and a session the callback carries instead. */
    twist: { claims?: Record<string, unknown>; callbackSession?: string } = {},
  ) {
    identity = {
      sub: as.sub,
      email: as.email,
      email_verified: true,
      name: as.name ?? "Google Person",
      ...twist.claims,
    };
    const start = await t.app.inject({
      url: `/api/auth/google${link ? "?link=1" : ""}`,
      headers: session ? { cookie: session } : {},
    });
    expect(start.statusCode).toBe(302);
    const state = new URL(String(start.headers.location)).searchParams.get("state");
    const flow = start.cookies.find((c) => c.name === "link_google_flow");
    const cookie = [
      `link_google_flow=${encodeURIComponent(String(flow?.value))}`,
      twist.callbackSession ?? session,
      grant,
    ]
      .filter(Boolean)
      .join("; ");
    const callback = await t.app.inject({
      url: `/api/auth/google/callback?code=auth-code&state=${state}`,
      headers: { cookie },
    });
    expect(callback.statusCode).toBe(302);
    const newSession = callback.cookies.find((c) => c.name === "link_session" && c.value);
    return {
      location: String(callback.headers.location),
      session: newSession ? `link_session=${newSession.value}` : null,
    };
  }
  const whoIs = async (session: string) =>
    (await t.app.inject({ url: "/api/user", headers: { cookie: session } })).json();

  it("refuses to sign into a password account whose e-mail was never verified, with a clear message on /auth", async () => {
    // The squatter registered first with the victim's address; the victim then tries Google.
    const squatted = await registerUser(t.app, { email: "victim@gmail.example" });
    const result = await signInWithGoogle({ sub: "google-victim", email: "victim@gmail.example" });
    expect(result.location).toBe("/auth?error=google-link");
    expect(result.session).toBeNull();
    expect(GOOGLE_SIGN_IN_ERRORS["google-link"]).toMatch(/Sign in with its password/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, squatted.user.id));
    expect(row.googleSubject).toBeNull();
  });

  it("the owner, signed in with the password, confirms the link; later Google sign-ins enter that account", async () => {
    const owner = await registerUser(t.app, { email: "owner@gmail.example" });
    const linked = await signInWithGoogle({ sub: "google-owner", email: "owner@gmail.example" }, owner.cookie, true);
    expect(linked.location).toBe("/?google=linked");
    const later = await signInWithGoogle({ sub: "google-owner", email: "owner@gmail.example" });
    expect(later.location).toBe("/");
    expect((await whoIs(later.session as string)).id).toBe(owner.user.id);
    // Linking needs a session: nobody starts it for someone else.
    expect((await t.app.inject({ url: "/api/auth/google?link=1" })).statusCode).toBe(401);
  });

  it("links automatically only when the account's e-mail is verified", async () => {
    const verified = await registerUser(t.app, { email: "verified@gmail.example" });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, verified.user.id));
    const result = await signInWithGoogle({ sub: "google-verified", email: "verified@gmail.example" });
    expect(result.location).toBe("/");
    expect((await whoIs(result.session as string)).id).toBe(verified.user.id);
  });

  it("an address Google has not verified enters no account, even one whose e-mail Link verified", async () => {
    const owner = await registerUser(t.app, { email: "unverified-claim@gmail.example" });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.user.id));
    const result = await signInWithGoogle(
      { sub: "google-unverified", email: "unverified-claim@gmail.example" },
      undefined,
      false,
      undefined,
      { claims: { email_verified: false } },
    );
    expect([result.location, result.session]).toEqual(["/auth?error=google", null]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row.googleSubject).toBeNull();
  });

  it("an account already linked to one Google account is not entered by another with the same address", async () => {
    const owner = await registerUser(t.app, { email: "linked-once@gmail.example" });
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date(), googleSubject: "google-first" })
      .where(eq(users.id, owner.user.id));
    const result = await signInWithGoogle({ sub: "google-second", email: "linked-once@gmail.example" });
    expect([result.location, result.session]).toEqual(["/auth?error=google-link", null]);
  });

  it("a link finished under another session than the one that started it links nothing", async () => {
    const [starter, other] = [await registerUser(t.app), await registerUser(t.app)];
    const result = await signInWithGoogle(
      { sub: "google-swapped", email: "swapped@gmail.example" },
      starter.cookie,
      true,
      undefined,
      { callbackSession: other.cookie },
    );
    expect(result.location).toBe("/auth?error=google");
    const linked = await t.database.db.select().from(users).where(eq(users.googleSubject, "google-swapped"));
    expect(linked).toEqual([]);
  });

  it("a new Google sign-up needs an access grant like any registration: refused without one, nothing stored", async () => {
    const result = await signInWithGoogle({ sub: "google-no-grant", email: "nogrant@gmail.example" });
    expect(result.location).toBe("/auth?error=google-grant");
    expect(result.session).toBeNull();
    expect(await t.database.db.select().from(users).where(eq(users.email, "nogrant@gmail.example"))).toHaveLength(0);
  });

  it("a new Google sign-up gets a verified e-mail and its Google account linked; a Google account linked elsewhere is refused", async () => {
    const grant = await accessGrantCookie(t.app);
    const result = await signInWithGoogle(
      { sub: "google-new", email: "newcomer@gmail.example", name: "New Comer" },
      undefined,
      false,
      grant,
    );
    expect(result.location).toBe("/");
    const me = await whoIs(result.session as string);
    expect(me).toMatchObject({ email: "newcomer@gmail.example", fullName: "New Comer" });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row.googleSubject).toBe("google-new");

    const other = await registerUser(t.app);
    const taken = await signInWithGoogle({ sub: "google-new", email: "newcomer@gmail.example" }, other.cookie, true);
    expect(taken.location).toBe("/auth?error=google-taken");
  });

  it("a suspended account is refused by Google sign-in too, linked or by its verified e-mail", async () => {
    const linkedOwner = await registerUser(t.app, { email: "suspended-linked@gmail.example" });
    expect(
      (
        await signInWithGoogle(
          { sub: "google-suspended", email: "suspended-linked@gmail.example" },
          linkedOwner.cookie,
          true,
        )
      ).location,
    ).toBe("/?google=linked");
    const byEmail = await registerUser(t.app, { email: "suspended-verified@gmail.example" });
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, linkedOwner.user.id));
    await t.database.db
      .update(users)
      .set({ suspendedAt: new Date(), emailVerifiedAt: new Date() })
      .where(eq(users.id, byEmail.user.id));
    for (const who of [
      { sub: "google-suspended", email: "suspended-linked@gmail.example" },
      { sub: "google-suspended-2", email: "suspended-verified@gmail.example" },
    ]) {
      const result = await signInWithGoogle(who);
      expect(result.location).toBe("/auth?error=google-suspended");
      expect(result.session).toBeNull();
    }
    expect(GOOGLE_SIGN_IN_ERRORS["google-suspended"]).toMatch(/suspended/);
  });
});
