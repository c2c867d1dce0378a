/**
 * `npm run db:migrate`: applies pending migrations and exits, for operators who migrate before
 * deploying. It is a separate entry point for the production bundle: the build bundles it beside
 * main.ts (dist/server/migrate.js, run as `node dist/server/migrate.js`). The npm script runs the
 * source with tsx in a development checkout (a stale bundle could miss new migrations) and the
 * bundle where dev dependencies are not installed. The server migrates at start too; both take the
 * same PostgreSQL advisory lock, so running them at once is safe. Demo data is never seeded here.
 */
import path from "node:path";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { embeddedDataDir, runningServerPid } from "./ops/embedded-backup";

async function migrate() {
  const config = loadConfig();
  const target = config.DATABASE_URL ?? path.resolve(config.DATA_DIR);
  // PGlite allows one process per folder: a second one opening it under a running server could corrupt it.
  const embedded = embeddedDataDir(config);
  const pid = embedded ? runningServerPid(embedded) : null;
  if (pid !== null)
    throw new Error(`a server (pid ${pid}) is running on ${embedded}: it migrated at start; stop it to migrate here`);
  const started = Date.now();
  const database = await openDatabase(target);
  await database.close();
  const where = database.kind === "postgres" ? "PostgreSQL" : `the embedded database in ${target}`;
  console.log(`migrations applied to ${where} in ${Date.now() - started} ms`);
}

migrate().catch((error) => {
  console.error(`migration failed: ${(error as Error).message}`);
  process.exit(1);
});
