import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../app";
import { testConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { type Bus, createRedisBus } from "../realtime/bus";

// The suites of several instances (and of a shared Redis) run once, in the PostgreSQL tier: the PGlite
// tier stays embedded-only even when the environment names a database server.
const postgresTier = process.env.DB_TIER === "postgres";
const databaseServer = postgresTier ? process.env.TEST_DATABASE_URL : undefined;
/** The shared Redis of the PostgreSQL tier; undefined in the PGlite tier. */
export const sharedRedisUrl = postgresTier ? process.env.TEST_REDIS_URL : undefined;
const redisUrl = sharedRedisUrl;
/** The multi-instance suites need the PostgreSQL + Redis tier. */
export const instancesAvailable = Boolean(databaseServer && redisUrl);
/** Why such a suite is skipped, for its log line. */
export const needsPostgresTier =
  "needs the PostgreSQL + Redis tier (DB_TIER=postgres TEST_DATABASE_URL=... TEST_REDIS_URL=...)";

export interface Instance {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  bus: Bus;
  base: string;
}

/**
 * `count` listening apps on one fresh PostgreSQL database and the shared Redis, as a scaled deployment
 * runs: made in beforeAll (the first migrates, the others find it migrated), closed and dropped in
 * afterAll. Bus channels and rate-limit keys of this run live under their own Redis prefix, so
 * parallel runs never cross. The array fills in beforeAll.
 */
export function instancesForSuite(count: number, options: { redisUrl?: () => string } = {}): Instance[] {
  const dbName = `link_multi_${randomBytes(6).toString("hex")}`;
  const prefix = `test-${randomBytes(6).toString("hex")}:`;
  const instances: Instance[] = [];
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseServer });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(databaseServer as string);
    url.pathname = `/${dbName}`;
    // A suite that kills its own Redis names it; the others share TEST_REDIS_URL.
    const redis = options.redisUrl?.() ?? (redisUrl as string);
    for (let i = 0; i < count; i++) {
      const database = await openDatabase(url.toString());
      const bus = createRedisBus(redis, { prefix });
      const config = testConfig({ AUTH_RATE_LIMIT: 1000, REDIS_URL: redis, REDIS_PREFIX: prefix });
      const app = await buildApp({ config, database, bus });
      const base = await app.listen({ port: 0, host: "127.0.0.1" });
      instances.push({ app, database, bus, base });
    }
  });
  afterAll(async () => {
    for (const i of instances) {
      await i.app.close();
      await i.bus.close();
      await i.database.close();
    }
    const admin = new pg.Client({ connectionString: databaseServer });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });
  return instances;
}
