import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { Logger } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction's handle, or the database: what an owner's function run inside another module's transaction takes. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  /** "pglite" runs in-process; "postgres" is a real server shared by instances. */
  kind: "pglite" | "postgres";
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs work while holding a PostgreSQL advisory lock named by `lock`, so instances that start at
   * the same instant take turns (migrations, demo seed). PGlite has one process per folder: it just runs.
   */
  exclusive<T>(lock: AdvisoryLock, work: () => Promise<T>): Promise<T>;
  /** Connection pool use (PostgreSQL only) for the metrics endpoint. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
}

/** Advisory lock keys: fixed numbers, so every instance of every version agrees on them. */
const ADVISORY_LOCKS = { migrate: 72_846_001, seed: 72_846_002 } as const;
type AdvisoryLock = keyof typeof ADVISORY_LOCKS;

export interface OpenOptions {
  /** Apply pending migrations (under the migrate lock). Default true. */
  migrate?: boolean;
  /** Sees every statement with its parameters (bench/feed.ts explains the feed's statements with it). */
  logger?: Logger;
  /** Connections kept to a PostgreSQL server (DATABASE_POOL_MAX); default 20. */
  poolMax?: number;
  /** An in-memory database starts as this copy of a data folder (PGlite's dumpDataDir) instead of initdb. */
  image?: Blob;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Opens the database named by url (postgres://, memory://, or a PGlite folder) and migrates it. */
export async function openDatabase(url: string, options: OpenOptions = {}): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 20 });
    // An idle client dropped by the server (restart, failover) must not crash the process; the pool replaces it.
    pool.on("error", (error) => console.warn(`postgres pool: ${error.message}`));
    const db = drizzlePg(pool, { schema, logger: options.logger });
    const exclusive = async <T>(lock: AdvisoryLock, work: () => Promise<T>): Promise<T> => {
      // A session-level lock on one dedicated connection: held across the migrator's own transactions.
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("select pg_advisory_lock($1)", [ADVISORY_LOCKS[lock]]);
        try {
          return await work();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [ADVISORY_LOCKS[lock]]).catch((error: Error) => {
            broken = error;
          });
        }
      } finally {
        // A connection whose unlock failed is discarded, not pooled: closing it releases the lock for sure.
        client.release(broken ?? false);
      }
    };
    try {
      if (shouldMigrate) await exclusive("migrate", () => migratePg(db, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Db,
      kind: "postgres",
      ping: async () => void (await pool.query("select 1")),
      close: () => pool.end(),
      exclusive,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const dataDir = url === "memory://" ? undefined : url.replace(/^file:/, "");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = options.image && !dataDir ? new PGlite({ loadDataDir: options.image }) : new PGlite(dataDir);
  const db = drizzlePglite(client, { schema, logger: options.logger });
  if (shouldMigrate) await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    ping: async () => void (await client.query("select 1")),
    close: () => client.close(),
    exclusive: (_lock, work) => work(),
    poolStats: () => null,
  };
}
