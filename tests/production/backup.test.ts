import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "#server/db/client";
import { seedIfEmpty } from "#server/db/seed";
import { exitOf, freePort, registerOverHttp, requireBuild, run, start, waitForHealth } from "./processes";

const dist = inject("build");
const scratch = mkdtempSync(path.join(tmpdir(), "link-backup-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const built = { SERVER_DIST: dist.server, CLIENT_DIST: dist.client, LOG_LEVEL: "warn", SEED: "false" };

describe("embedded database: npm run backup while the server runs, npm run restore into a fresh folder", () => {
  it("round-trips an account written through the API", async () => {
    requireBuild(dist);
    const dataDir = path.join(scratch, "data");
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The Docker image's command, on a folder of its own.
    const server = start("node", [path.join(dist.server, "main.js")], {
      ...built,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
    });
    try {
      await waitForHealth(base, server.child);
      await registerOverHttp(base, "backup_probe");

      const backup = await run("npm", ["run", "--silent", "backup"], { ...built, DATA_DIR: dataDir });
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(`backup written by the running server (pid ${server.child.pid})`);
      const file = backup.output.match(/(\/\S+\.tar\.gz)/)?.[1];
      expect(file && existsSync(file), backup.output).toBe(true);
      expect(path.dirname(file!)).toBe(`${dataDir}-backups`);
      // The server kept serving while it wrote the copy.
      expect((await fetch(`${base}/readyz`)).status).toBe(200);

      const refused = await run("npm", ["run", "--silent", "restore", file!], { ...built, DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`a server (pid ${server.child.pid}) is running on ${dataDir}: stop it first`);

      const exited = exitOf(server.child);
      server.child.kill("SIGTERM");
      expect((await exited).code, server.output()).toBe(0);
      expect(existsSync(path.join(`${dataDir}-backups`, "server.pid"))).toBe(false);

      const restoredDir = path.join(scratch, "restored");
      const restore = await run("npm", ["run", "--silent", "restore", file!], { ...built, DATA_DIR: restoredDir });
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toContain(`restored ${file} into ${restoredDir}: 1 users`);

      const pglite = await PGlite.create(restoredDir);
      const { rows } = await pglite.query<{ username: string }>("select username from users");
      await pglite.close();
      expect(rows).toEqual([{ username: "backup_probe" }]);

      // With no server on the folder, the command opens it itself.
      const offline = await run("npm", ["run", "--silent", "backup"], { ...built, DATA_DIR: restoredDir });
      expect(offline.code, offline.output).toBe(0);
      expect(offline.output).toMatch(/^backup written: \/\S+-backups\/link-[\dTZ-]+\.tar\.gz$/m);
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
    }
  });
});

const postgres = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgres)("PostgreSQL: pg_dump and pg_restore, as docs/operations.md says", () => {
  it("restores every table's rows of a seeded database into another database", async () => {
    const suffix = Math.random().toString(36).slice(2, 10);
    const names = { source: `link_dump_${suffix}`, target: `link_restore_${suffix}` };
    const urlOf = (name: string) => Object.assign(new URL(postgres!), { pathname: `/${name}` }).toString();
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    try {
      for (const name of Object.values(names)) await admin.query(`create database ${name}`);
      const database = await openDatabase(urlOf(names.source));
      await seedIfEmpty(database.db);
      await database.close();

      const dumpFile = path.join(scratch, "link.dump");
      const dump = spawnSync("pg_dump", ["--format=custom", `--file=${dumpFile}`, urlOf(names.source)], {
        encoding: "utf8",
      });
      expect(dump.status, dump.stderr).toBe(0);
      const restore = spawnSync("pg_restore", ["--no-owner", `--dbname=${urlOf(names.target)}`, dumpFile], {
        encoding: "utf8",
      });
      expect(restore.status, restore.stderr).toBe(0);

      const counts = async (name: string) => {
        const client = new pg.Client({ connectionString: urlOf(name) });
        await client.connect();
        const { rows: tables } = await client.query<{ name: string }>(
          "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
        );
        const result: Record<string, number> = {};
        for (const { name: table } of tables) {
          result[table] = (await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`)).rows[0].n;
        }
        await client.end();
        return result;
      };
      const source = await counts(names.source);
      expect(source.users).toBeGreaterThan(0);
      expect(await counts(names.target)).toEqual(source);
    } finally {
      for (const name of Object.values(names)) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
