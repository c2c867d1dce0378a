import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "#server/modules/auth/schema";
import { buildApp } from "../app";
import { testConfig } from "../config";
import type { Database } from "../db/client";
import { createInProcessBus, publishSessionsRevoked } from "../realtime/bus";
import { freshDatabaseUrl, openTestDatabase, registerUser } from "../test/test-app";
import { hashSessionToken } from "./session";
import { createSessionCache } from "./session-cache";

/** Two instances on one database and one bus, as behind a load balancer. */
let database: Database;
let drop: () => Promise<void>;
const bus = createInProcessBus();
let a: Awaited<ReturnType<typeof buildApp>>;
let b: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const fresh = await freshDatabaseUrl();
  drop = fresh.drop;
  database = await openTestDatabase(fresh.url);
  a = await buildApp({ config: testConfig({ AUTH_RATE_LIMIT: 1000 }), database, bus });
  b = await buildApp({ config: testConfig({ AUTH_RATE_LIMIT: 1000 }), database, bus });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await bus.close();
  await database.close();
  await drop();
});

const me = (app: typeof a, cookie: string) => app.inject({ method: "GET", url: "/api/user", headers: { cookie } });

describe("session cache", () => {
  it("a logout refuses the old cookie at once on every instance, though both had it cached", async () => {
    const { cookie } = await registerUser(a);
    expect((await me(a, cookie)).statusCode).toBe(200);
    expect((await me(b, cookie)).statusCode).toBe(200);
    const out = await b.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await me(a, cookie)).statusCode).toBe(401);
    expect((await me(b, cookie)).statusCode).toBe(401);
  });

  it("a revocation published by the sweeper drops a cached session", async () => {
    const { cookie } = await registerUser(a);
    expect((await me(a, cookie)).statusCode).toBe(200);
    // The row goes and the revocation is announced, as the expiry sweeper does.
    const idHash = hashSessionToken(decodeURIComponent(cookie.split("=")[1].split(";")[0]));
    await database.db.delete(sessions).where(eq(sessions.idHash, idHash));
    await publishSessionsRevoked(bus, [idHash]);
    expect((await me(a, cookie)).statusCode).toBe(401);
  });

  it("a lookup that raced a revocation does not put the session back", async () => {
    const cache = createSessionCache(createInProcessBus());
    await new Promise((r) => setTimeout(r, 0));
    const startedAt = Date.now();
    cache.evict(["h1"]);
    cache.set("h1", 7, startedAt);
    expect(cache.get("h1")).toBeNull();
    cache.set("h2", 8, Date.now());
    expect(cache.get("h2")).toBe(8);
    await cache.close();
  });
});
