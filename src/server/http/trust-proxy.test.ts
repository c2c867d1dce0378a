import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY_ACCESS_SIGNUPS_PER_MINUTE } from "#contract/early-access";
import { buildApp } from "../app";
import { type Config, testConfig } from "../config";
import { createInProcessBus } from "../realtime/bus";
import { createTestApp, freshDatabaseUrl, openTestDatabase, type TestApp } from "../test/test-app";

/**
 * X-Forwarded-For counts only when the operator says a proxy sets it (TRUST_PROXY): otherwise any
 * client could set it and dodge every per-address limit.
 * The early-access list's per-address budget (spent before validation) is the per-IP limit probed.
 */
async function exhaustEarlyAccessBudget(t: TestApp, forwardedFor: string) {
  for (let i = 0; i < EARLY_ACCESS_SIGNUPS_PER_MINUTE; i++) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/waitlist",
      payload: {},
      headers: { "x-forwarded-for": forwardedFor },
    });
    expect(res.statusCode).toBe(400);
  }
}

const attempt = (t: TestApp, forwardedFor: string) =>
  t.app.inject({ method: "POST", url: "/api/waitlist", payload: {}, headers: { "x-forwarded-for": forwardedFor } });

describe("without TRUST_PROXY (the default), in production as `npm start` runs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: "production" });
  });
  afterAll(() => t.close());

  it("a spoofed X-Forwarded-For does not reset a per-IP limit", async () => {
    await exhaustEarlyAccessBudget(t, "198.51.100.1");
    expect((await attempt(t, "198.51.100.1")).statusCode).toBe(429);
    for (const spoofed of ["198.51.100.2", "203.0.113.77", "10.0.0.1, 10.0.0.2"]) {
      expect((await attempt(t, spoofed)).statusCode).toBe(429);
    }
  });
});

describe("with TRUST_PROXY=1 (one proxy in front)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 1 });
  });
  afterAll(() => t.close());

  it("each forwarded client address has its own budget", async () => {
    await exhaustEarlyAccessBudget(t, "198.51.100.1");
    expect((await attempt(t, "198.51.100.1")).statusCode).toBe(429);
    expect((await attempt(t, "198.51.100.2")).statusCode).toBe(400);
  });

  it("only the nearest hop is believed: a client cannot prepend addresses to get a fresh budget", async () => {
    // The proxy appends the real client (198.51.100.1) after whatever the client sent.
    expect((await attempt(t, "6.6.6.6, 198.51.100.1")).statusCode).toBe(429);
  });
});

describe("with TRUST_PROXY as an address list", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: ["10.0.0.0/8"] });
  });
  afterAll(() => t.close());

  it("believes X-Forwarded-For only from a listed proxy", async () => {
    const fromProxy = (client: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/waitlist",
        payload: {},
        remoteAddress: "10.0.0.5",
        headers: { "x-forwarded-for": client },
      });
    const direct = (client: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/waitlist",
        payload: {},
        remoteAddress: "203.0.113.5",
        headers: { "x-forwarded-for": client },
      });
    for (let i = 0; i < EARLY_ACCESS_SIGNUPS_PER_MINUTE; i++)
      expect((await direct(`192.0.2.${i}`)).statusCode).toBe(400);
    // A client talking to the app directly shares one budget, whatever it forwards.
    expect((await direct("192.0.2.200")).statusCode).toBe(429);
    // Behind the listed proxy each client has its own.
    expect((await fromProxy("192.0.2.200")).statusCode).toBe(400);
  });
});

describe("the log says when forwarded headers arrive but no proxy is trusted", () => {
  async function warningsAfterTwoForwardedRequests(overrides: Partial<Config>) {
    const lines: { level: number; msg: string }[] = [];
    const { url, drop } = await freshDatabaseUrl();
    const database = await openTestDatabase(url);
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: "warn", ...overrides }),
      database,
      bus: createInProcessBus(),
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
    });
    try {
      for (let i = 0; i < 2; i++)
        await app.inject({ method: "GET", url: "/healthz", headers: { "x-forwarded-for": "198.51.100.1" } });
      return lines.filter((l) => l.msg.includes("TRUST_PROXY is unset"));
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  }

  it("once, without TRUST_PROXY; never with it", async () => {
    const untrusted = await warningsAfterTwoForwardedRequests({});
    expect(untrusted).toHaveLength(1);
    expect(untrusted[0].level).toBe(40);
    expect(await warningsAfterTwoForwardedRequests({ TRUST_PROXY: 1 })).toHaveLength(0);
  });
});
