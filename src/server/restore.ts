/**
 * `npm run restore <file>`: loads a backup written by `npm run backup` into a fresh DATA_DIR, with the
 * server stopped. The current folder is moved aside (<DATA_DIR>.before-restore-<time>), never deleted, and
 * moved back if the load fails. Bundled beside main.ts as dist/server/restore.js.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { loadConfig } from "./config";
import { embeddedDataDir, fileStamp, runningServerPid } from "./ops/embedded-backup";

async function restore(file: string | undefined) {
  if (!file) throw new Error("usage: npm run restore <backup file>");
  if (!existsSync(file)) throw new Error(`no such file: ${file}`);
  const dataDir = embeddedDataDir(loadConfig());
  if (!dataDir)
    throw new Error(
      "DATABASE_URL is not the embedded database: restore PostgreSQL with pg_restore (docs/operations.md)",
    );
  const pid = runningServerPid(dataDir);
  if (pid !== null) throw new Error(`a server (pid ${pid}) is running on ${dataDir}: stop it first`);

  const previous =
    existsSync(dataDir) && readdirSync(dataDir).length > 0 ? `${dataDir}.before-restore-${fileStamp()}` : null;
  if (previous) renameSync(dataDir, previous);
  mkdirSync(dataDir, { recursive: true });
  try {
    const pglite = await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
    const { rows } = await pglite.query<{ users: number }>("select count(*)::int as users from users");
    await pglite.close();
    console.log(`restored ${file} into ${dataDir}: ${rows[0].users} users`);
    if (previous) console.log(`the previous folder is kept at ${previous}`);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    if (previous) renameSync(previous, dataDir);
    throw error;
  }
}

restore(process.argv[2]).catch((error) => {
  console.error(`restore failed: ${(error as Error).message}`);
  process.exit(1);
});
