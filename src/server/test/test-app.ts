import { randomBytes } from "node:crypto";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import type { RegisterBody } from "#contract/auth";
import { buildApp } from "../app";
import { type Config, DEMO_ACCESS_CODES, testConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import type { AppDeps } from "../deps";
import { type Bus, createInProcessBus } from "../realtime/bus";
import { migratedMemoryImage } from "./memory-image";
import { registerPayload } from "./people";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  bus: Bus;
  close(): Promise<void>;
}

/**
 * A fresh app on its own database: PGlite in memory by default, or a new randomly named
 * database on TEST_DATABASE_URL's server (dropped on close) when DB_TIER=postgres. `deps` adds what
 * a test puts in place of the outside world (the clock, FCM's address).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  deps: Pick<AppDeps, "now" | "fcmApiBase"> = {},
): Promise<TestApp> {
  const { url, drop } = await freshDatabaseUrl();
  const database = await openTestDatabase(url);
  const bus = createInProcessBus();
  const app = await buildApp({ ...deps, config: testConfig({ AUTH_RATE_LIMIT: 1000, ...overrides }), database, bus });
  await app.ready();
  return {
    app,
    database,
    bus,
    async close() {
      await app.close();
      await bus.close();
      await database.close();
      await drop();
    },
  };
}

/** openDatabase for tests: an in-memory database starts from the migrated image instead of migrating again. */
export async function openTestDatabase(url: string): Promise<Database> {
  return openDatabase(url, url === "memory://" ? { image: await migratedMemoryImage() } : {});
}

export async function freshDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.DB_TIER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!server) return { url: "memory://", drop: async () => {} };
  const name = `link_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      // Plain drop first: forcing it would kill pool connections that are still closing.
      await c
        .query(`drop database if exists ${name}`)
        .catch(() => c.query(`drop database if exists ${name} with (force)`));
      await c.end();
    },
  };
}

/** Registers a user (the one register payload, see people.ts) and returns the session cookie to act as them. */
export async function registerUser(app: FastifyInstance, overrides: Partial<RegisterBody> = {}) {
  const body = registerPayload(overrides);
  // Registration needs an access grant: verify a demo code as the gate does and carry its cookie.
  const res = await app.inject({
    method: "POST",
    url: "/api/register",
    payload: body,
    headers: { cookie: await accessGrantCookie(app) },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookieOf(res);
  return {
    user: res.json() as { id: number; fullName: string; username: string; email: string },
    cookie,
    password: body.password,
  };
}

/** The early-access grant cookie a verified demo code sets; POST /api/register spends it. */
export async function accessGrantCookie(app: FastifyInstance, code = DEMO_ACCESS_CODES[0]): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/access-codes/verify", payload: { code } });
  const grant = res.cookies.find((c) => c.name === "link_access_grant");
  if (!grant) throw new Error(`no access grant: ${res.statusCode} ${res.body}`);
  return `link_access_grant=${grant.value}`;
}

export function sessionCookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === "link_session");
  if (!c) throw new Error("no session cookie");
  return `link_session=${c.value}`;
}

/** app.inject as a signed-in user. */
export function as(app: FastifyInstance, cookie: string) {
  return (options: InjectOptions) => app.inject({ ...options, headers: { ...options.headers, cookie } });
}
