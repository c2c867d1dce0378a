/**
 * `npm run backup`: a copy of the embedded database (PGlite) in <DATA_DIR>-backups/. PGlite allows one
 * process per folder, so when the server runs on it, the server writes the copy (SIGUSR2, see
 * ops/embedded-backup.ts) and this command waits for the file; otherwise it opens the folder itself.
 * Bundled beside main.ts as dist/server/backup.js. PostgreSQL is backed up with pg_dump instead.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { loadConfig } from "./config";
import { embeddedDataDir, listBackups, runningServerPid, writeBackup } from "./ops/embedded-backup";

/** A large database takes a while to compress; past this the server's log says what went wrong. */
const WAIT_FOR_SERVER_MS = 120_000;

async function waitForNewBackup(dataDir: string, before: Set<string>): Promise<string | null> {
  const deadline = Date.now() + WAIT_FOR_SERVER_MS;
  while (Date.now() < deadline) {
    const fresh = listBackups(dataDir).find((file) => !before.has(file));
    if (fresh) return fresh;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

async function backup() {
  const dataDir = embeddedDataDir(loadConfig());
  if (!dataDir)
    throw new Error("DATABASE_URL is not the embedded database: back up PostgreSQL with pg_dump (docs/operations.md)");
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) throw new Error(`no embedded database in ${dataDir}`);

  const pid = runningServerPid(dataDir);
  if (pid !== null) {
    const before = new Set(listBackups(dataDir));
    process.kill(pid, "SIGUSR2");
    const file = await waitForNewBackup(dataDir, before);
    if (!file)
      throw new Error(`the server (pid ${pid}) wrote no backup within ${WAIT_FOR_SERVER_MS / 1000} s: see its log`);
    console.log(`backup written by the running server (pid ${pid}): ${file}`);
    return;
  }
  const pglite = await PGlite.create(dataDir);
  try {
    console.log(`backup written: ${await writeBackup(pglite, dataDir)}`);
  } finally {
    await pglite.close();
  }
}

backup().catch((error) => {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exit(1);
});
