import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupDir, embeddedDataDir, fileStamp, listBackups, runningServerPid } from "./embedded-backup";

const scratch = mkdtempSync(path.join(tmpdir(), "link-embedded-backup-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("embedded backups: which folder, which server", () => {
  it("backs up only the embedded database, wherever DATA_DIR or file: puts it", () => {
    expect(embeddedDataDir({ DATABASE_URL: undefined, DATA_DIR: "./data" })).toBe(path.resolve("data"));
    expect(embeddedDataDir({ DATABASE_URL: "file:/srv/link/db", DATA_DIR: "./data" })).toBe("/srv/link/db");
    expect(embeddedDataDir({ DATABASE_URL: "postgres://link@db:5432/link", DATA_DIR: "./data" })).toBeNull();
    expect(embeddedDataDir({ DATABASE_URL: "memory://", DATA_DIR: "./data" })).toBeNull();
  });

  it("keeps backups beside the data folder, never inside the directory they archive", () => {
    expect(backupDir("/srv/link/data")).toBe("/srv/link/data-backups");
  });

  it("ignores a pid file left by a server that was killed, and one that holds no pid", () => {
    const dataDir = path.join(scratch, "stale");
    mkdirSync(backupDir(dataDir), { recursive: true });
    const exited = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    writeFileSync(path.join(backupDir(dataDir), "server.pid"), exited.stdout);
    expect(runningServerPid(dataDir)).toBeNull();
    writeFileSync(path.join(backupDir(dataDir), "server.pid"), "not a pid\n");
    expect(runningServerPid(dataDir)).toBeNull();
    expect(runningServerPid(path.join(scratch, "never-ran"))).toBeNull();
  });

  it("finds a live server by its pid file", () => {
    const dataDir = path.join(scratch, "live");
    mkdirSync(backupDir(dataDir), { recursive: true });
    // The parent of this test process stands in for a running server: alive, and not ourselves.
    writeFileSync(path.join(backupDir(dataDir), "server.pid"), `${process.ppid}\n`);
    expect(runningServerPid(dataDir)).toBe(process.ppid);
  });

  it("lists completed backups oldest first, never one still being written", () => {
    const dataDir = path.join(scratch, "listed");
    const dir = backupDir(dataDir);
    mkdirSync(dir, { recursive: true });
    const older = `link-${fileStamp(new Date("2026-01-02T03:04:05.006Z"))}.tar.gz`;
    const newer = `link-${fileStamp(new Date("2026-11-23T09:15:00.123Z"))}.tar.gz`;
    for (const name of [newer, older, `${newer}.partial`, "server.pid", "notes.txt"])
      writeFileSync(path.join(dir, name), "");
    expect(older).toBe("link-2026-01-02T03-04-05-006Z.tar.gz");
    expect(listBackups(dataDir)).toEqual([path.join(dir, older), path.join(dir, newer)]);
  });
});
