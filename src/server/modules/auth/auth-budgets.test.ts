import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tooManyAttemptsText } from "#contract/auth";
import { AUTH_BUDGETS, LOGIN_BACKOFF_DELAY_MS, LOGIN_BACKOFF_FREE_FAILURES } from "#contract/limits";
import { sharedRedisUrl } from "#server/test/instances";
import { createTestApp, registerUser, type TestApp } from "#server/test/test-app";

// Sign-in and gate limits on the real budgets (AUTH_RATE_LIMIT unset), not the test kit's high ones.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: undefined });
});
afterAll(() => t.close());

let address = 0;
/** A fresh client address per case, so the cases' budgets never mix. */
const newAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;
const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: { username, password }, remoteAddress });
const verify = (code: string, remoteAddress: string) =>
  t.app.inject({ method: "POST", url: "/api/access-codes/verify", payload: { code }, remoteAddress });

/** Every 429 carries Retry-After: N (whole seconds) and says "Too many attempts, try again in N s". */
function expectTooMany(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers["retry-after"]);
  expect(seconds).toBeGreaterThan(0);
  expect(res.json()).toEqual({ message: tooManyAttemptsText(seconds), code: "api.tooManyAttempts" });
}

describe("nobody can lock a user out", () => {
  it("an attacker's address spends its own budget on the victim; the victim signs in from theirs", async () => {
    // The kit registers with its own budgets; this app's register budget is per address, so use one for it.
    const victim = await registerUser(t.app);
    const attacker = newAddress();
    const codes: number[] = [];
    for (let i = 0; i <= AUTH_BUDGETS.loginAccountAddress.points; i++) {
      codes.push((await login(victim.user.username, `wrong-guess-${i}`, attacker)).statusCode);
    }
    expect(codes.slice(0, -1).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expectTooMany(await login(victim.user.username, victim.password, attacker));
    // The owner, from their own address, is neither refused nor held back.
    const started = Date.now();
    const owner = await login(victim.user.username, victim.password, newAddress());
    expect(owner.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(LOGIN_BACKOFF_DELAY_MS);
  });

  it("the username and the e-mail of one account spend one pair budget", async () => {
    const victim = await registerUser(t.app);
    const attacker = newAddress();
    for (let i = 0; i < AUTH_BUDGETS.loginAccountAddress.points; i++) {
      const name = i % 2 === 0 ? victim.user.username : victim.user.email.toUpperCase();
      expect((await login(name, `wrong-${i}`, attacker)).statusCode).toBe(401);
    }
    expectTooMany(await login(victim.user.email, "wrong-again", attacker));
  });

  it("past the free failures a distributed guesser is slowed on that account, while the right password still signs in", async () => {
    const victim = await registerUser(t.app);
    for (let i = 0; i < LOGIN_BACKOFF_FREE_FAILURES; i++) {
      expect((await login(victim.user.username, `spray-${i}`, newAddress())).statusCode).toBe(401);
    }
    const started = Date.now();
    const slowed = await login(victim.user.username, "spray-again", newAddress());
    expect(slowed.statusCode).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_BACKOFF_DELAY_MS - 50);
    const owner = await login(victim.user.username.toUpperCase(), victim.password, newAddress());
    expect(owner.statusCode).toBe(200);
  });
});

describe("separate budgets per action, sized for people behind one address", () => {
  it("a venue's sign-ins do not spend its gate budget: the next person's valid code still opens the gate", async () => {
    const venue = newAddress();
    for (let i = 0; i < AUTH_BUDGETS.login.points; i++) {
      expect((await login(`guest_${i}`, "not-their-password", venue)).statusCode).toBe(401);
    }
    expectTooMany(await login("guest_next", "whatever-1", venue));
    const gate = await verify("1234567890", venue);
    expect(gate.statusCode).toBe(200);
    expect(gate.json()).toEqual({ valid: true });
    expect(gate.cookies.find((c) => c.name === "link_access_grant")).toBeDefined();
  });

  it("the gate's own budget answers 429 with Retry-After, never {valid: false}", async () => {
    const venue = newAddress();
    for (let i = 0; i < AUTH_BUDGETS.gate.points; i++) expect((await verify("1234567890", venue)).statusCode).toBe(200);
    expectTooMany(await verify("1234567890", venue));
    // Another address is unaffected.
    expect((await verify("1234567890", newAddress())).json()).toEqual({ valid: true });
  });

  it("registration has its own budget per address, with Retry-After", async () => {
    const venue = newAddress();
    const register = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/register",
        payload: {
          fullName: "Venue Guest",
          username: `venue_${address}_${i}`,
          email: `venue_${address}_${i}@example.com`,
          password: "secret123",
        },
        remoteAddress: venue,
      });
    // Without grants these are 403s, but each one still spends the address's register budget.
    for (let i = 0; i < AUTH_BUDGETS.register.points; i++) expect((await register(i)).statusCode).toBe(403);
    expectTooMany(await register(AUTH_BUDGETS.register.points));
    // The same address can still sign in and check codes.
    expect((await verify("1234567890", venue)).statusCode).toBe(200);
    expect((await login("someone", "secret123", venue)).statusCode).toBe(401);
  });
});

// On the PostgreSQL tier with Redis: every instance counts the same budgets.
describe.runIf(sharedRedisUrl)("budgets shared by instances through Redis", () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  it("an address that spent its pair budget on one instance is refused by the other; the owner is not", async () => {
    const shared = {
      AUTH_RATE_LIMIT: undefined,
      REDIS_URL: sharedRedisUrl,
      REDIS_PREFIX: `test${randomBytes(4).toString("hex")}:`,
    };
    const [a, b] = [await createTestApp(shared), await createTestApp(shared)];
    apps.push(a, b);
    const name = `shared_${randomBytes(3).toString("hex")}`;
    // The same account on both databases (each test app has its own), so only the limiter is shared.
    const owner = await registerUser(a.app, { username: name });
    await registerUser(b.app, { username: name });
    const attacker = newAddress();
    for (let i = 0; i < AUTH_BUDGETS.loginAccountAddress.points; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      expect(
        (
          await app.inject({
            method: "POST",
            url: "/api/login",
            payload: { username: name, password: `no-${i}` },
            remoteAddress: attacker,
          })
        ).statusCode,
      ).toBe(401);
    }
    const refused = await b.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: name, password: owner.password },
      remoteAddress: attacker,
    });
    expectTooMany(refused);
    const ownerIn = await a.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: name, password: owner.password },
      remoteAddress: newAddress(),
    });
    expect(ownerIn.statusCode).toBe(200);
  });
});
