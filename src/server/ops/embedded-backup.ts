import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/client";

/** The embedded database's folder, or null when the data lives in PostgreSQL (pg_dump) or in memory. */
export function embeddedDataDir(config: Pick<Config, "DATABASE_URL" | "DATA_DIR">): string | null {
  if (config.DATABASE_URL === undefined) return path.resolve(config.DATA_DIR);
  if (config.DATABASE_URL.startsWith("file:")) return path.resolve(config.DATABASE_URL.slice("file:".length));
  return null;
}

/**
 * Beside the data folder, never inside it: the folder is PostgreSQL's data directory, and a dump of it
 * would hold every earlier backup.
 */
export function backupDir(dataDir: string): string {
  return `${dataDir}-backups`;
}

function pidFile(dataDir: string): string {
  return path.join(backupDir(dataDir), "server.pid");
}

const BACKUP_FILE = /^link-[\dTZ-]+\.tar\.gz$/;

/** Completed backups (a file being written still has its .partial name), oldest first. */
export function listBackups(dataDir: string): string[] {
  const dir = backupDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => BACKUP_FILE.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** A UTC time that sorts and is safe in a file name: 2026-11-23T09-15-00-123Z. */
export function fileStamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, "-");
}

/**
 * Writes a gzipped tar of the data folder to the backups folder and returns its path. PGlite takes the copy
 * between two queries (its query lock), after a CHECKPOINT: the files are crash-consistent, as a snapshot
 * of a running PostgreSQL is, and a transaction open at that moment is simply not in the copy.
 */
export async function writeBackup(pglite: PGlite, dataDir: string): Promise<string> {
  mkdirSync(backupDir(dataDir), { recursive: true });
  await pglite.query("CHECKPOINT");
  const archive = await pglite.dumpDataDir("gzip");
  const file = path.join(backupDir(dataDir), `link-${fileStamp()}.tar.gz`);
  // Written under another name and renamed when complete, so `npm run backup` never reports half a file.
  writeFileSync(`${file}.partial`, Buffer.from(await archive.arrayBuffer()));
  renameSync(`${file}.partial`, file);
  return file;
}

/** The pid of the server running on this folder, or null (a pid file left by a killed server is ignored). */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFile(dataDir), "utf8"), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

/**
 * While the server runs on the embedded database (one process per folder), it is the only one that can
 * copy it: its pid goes into the backups folder and SIGUSR2 writes a backup (`npm run backup` sends it).
 * Returns the stop step: waits for a backup being written, then removes the pid file.
 */
export function serveEmbeddedBackups(database: Database, dataDir: string, log: FastifyBaseLogger): () => Promise<void> {
  const pglite = (database.db as unknown as { $client: PGlite }).$client;
  mkdirSync(backupDir(dataDir), { recursive: true });
  writeFileSync(pidFile(dataDir), `${process.pid}\n`);
  let writing: Promise<void> | null = null;
  const onSignal = () => {
    // Requests that arrive while one is being written are served by that one.
    writing ??= writeBackup(pglite, dataDir)
      .then((file) => log.info({ file }, "backup written"))
      .catch((error) => log.error({ err: error }, "backup failed"))
      .finally(() => {
        writing = null;
      });
  };
  process.on("SIGUSR2", onSignal);
  return async () => {
    process.off("SIGUSR2", onSignal);
    await writing;
    if (runningServerPid(dataDir) === null) rmSync(pidFile(dataDir), { force: true });
  };
}
