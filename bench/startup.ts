/**
 * What production costs to install and run: the built server (`node dist/server/main.js`, what `npm start`
 * runs) against the previous start (`npx tsx src/server/main.ts`, TypeScript compiled at run time).
 * Prints, from one run of this script:
 *   - node_modules size after `npm ci` (everything) and after `npm ci --omit=dev` (what the server needs),
 *     each in a fresh folder holding only package.json and the lock file (`du -sk`);
 *   - start-up time from spawn to the first 200 of /healthz (median of RUNS starts, no demo seed), on an
 *     embedded database folder made and migrated by a first start (a restart, as `npm start` usually is) and,
 *     when TEST_DATABASE_URL names a PostgreSQL server, on an already migrated PostgreSQL database;
 *   - resident memory (RSS, every process of the start: npx and tsx count too) after IDLE_MS idle.
 * The machine's load average is printed with the table: on a shared machine every time scales with it.
 *
 *   npx tsx bench/startup.ts [runs=3] [--skip-install]
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";

const RUNS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 3);
const SKIP_INSTALL = process.argv.includes("--skip-install");
const IDLE_MS = 5_000;
const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist", `bench-startup-${process.pid}`);

function sh(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

function megabytes(kilobytes: number) {
  return `${Math.round(kilobytes / 1024)} MB`;
}

/** Packages installed at the top of node_modules (scoped ones counted one by one). */
function topLevelPackages(nodeModules: string): number {
  return readdirSync(nodeModules)
    .filter((name) => !name.startsWith("."))
    .reduce((count, name) => count + (name.startsWith("@") ? readdirSync(path.join(nodeModules, name)).length : 1), 0);
}

/** node_modules size after `npm <args>` in a folder holding only package.json and the lock file. */
function installSize(args: string[]) {
  const folder = mkdtempSync(path.join(tmpdir(), "link-bench-install-"));
  try {
    for (const file of ["package.json", "package-lock.json"])
      copyFileSync(path.join(root, file), path.join(folder, file));
    const started = performance.now();
    sh("npm", [...args, "--no-audit", "--no-fund"], { cwd: folder });
    const seconds = (performance.now() - started) / 1000;
    const kilobytes = Number(sh("du", ["-sk", path.join(folder, "node_modules")]).split("\t")[0]);
    const packages = topLevelPackages(path.join(folder, "node_modules"));
    return { kilobytes, seconds, packages };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The pid and all its descendants, from /proc. */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    children = text ? text.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
  return [pid, ...children.flatMap(processTree)];
}

function rssKilobytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0);
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // The whole group: npx and tsx forward signals unevenly, and the bench must leave nothing behind.
  process.kill(-child.pid!, "SIGTERM");
  const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

async function measureStart(command: string, args: string[], databaseUrl: string) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    SEED: "false",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    CLIENT_DIST: path.join(dist, "client"),
  };
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, env, stdio: "ignore", detached: true });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 120_000)
        throw new Error(`${command} ${args.join(" ")}: no /healthz within 120 s`);
      await new Promise((r) => setTimeout(r, 25));
    }
    const startupMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const tree = processTree(child.pid!);
    const rss = tree.reduce((sum, pid) => sum + rssKilobytes(pid), 0);
    return { startupMs, rss, processes: tree.length };
  } finally {
    await stop(child);
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

console.log(`building into ${path.relative(root, dist)} …`);
sh("node", ["scripts/build.mjs", "--quiet"], {
  env: { CLIENT_DIST: path.join(dist, "client"), SERVER_DIST: path.join(dist, "server") },
});
try {
  const rows: string[][] = [];
  if (!SKIP_INSTALL) {
    console.log("npm ci and npm ci --omit=dev in fresh folders …");
    const full = installSize(["ci"]);
    const production = installSize(["ci", "--omit=dev"]);
    rows.push([
      "node_modules, npm ci (everything)",
      megabytes(full.kilobytes),
      `${full.packages} top-level packages, ${full.seconds.toFixed(0)} s`,
    ]);
    rows.push([
      "node_modules, npm ci --omit=dev",
      megabytes(production.kilobytes),
      `${production.packages} top-level packages, ${production.seconds.toFixed(0)} s; ${(full.kilobytes / production.kilobytes).toFixed(1)}x smaller`,
    ]);
  }
  const starts = {
    "node dist/server/main.js": ["node", [path.join(dist, "server", "main.js")]],
    "npx tsx src/server/main.ts": ["npx", ["tsx", "src/server/main.ts"]],
  } as const;
  const databases: Record<string, string> = { "embedded (PGlite folder)": `file:${path.join(dist, "data")}` };
  const server = process.env.TEST_DATABASE_URL;
  const benchDb = `link_bench_${process.pid}`;
  if (server) {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${benchDb}`);
    await admin.end();
    databases["PostgreSQL, migrated"] = Object.assign(new URL(server), { pathname: `/${benchDb}` }).toString();
  }
  // One start creates and migrates each database, so the measured starts find nothing to do.
  for (const url of Object.values(databases)) await measureStart("node", [path.join(dist, "server", "main.js")], url);
  try {
    for (const [database, url] of Object.entries(databases)) {
      const results: Record<string, { startupMs: number; rss: number; processes: number }> = {};
      for (const [label, [command, args]] of Object.entries(starts)) {
        console.log(`${RUNS} starts of ${label} on ${database} …`);
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await measureStart(command, [...args], url));
        results[label] = {
          startupMs: median(runs.map((r) => r.startupMs)),
          rss: median(runs.map((r) => r.rss)),
          processes: runs[0].processes,
        };
      }
      for (const [label, r] of Object.entries(results)) {
        rows.push([
          `start-up to /healthz, ${label}, ${database}`,
          `${Math.round(r.startupMs)} ms`,
          `median of ${RUNS}`,
        ]);
        rows.push([
          `RSS at idle, ${label}, ${database}`,
          megabytes(r.rss),
          `${r.processes} process${r.processes > 1 ? "es" : ""}, after ${IDLE_MS / 1000} s idle`,
        ]);
      }
      const built = results["node dist/server/main.js"];
      const tsx = results["npx tsx src/server/main.ts"];
      rows.push([
        `tsx ÷ built, ${database}`,
        `start-up ${(tsx.startupMs / built.startupMs).toFixed(1)}`,
        `RSS ${(tsx.rss / built.rss).toFixed(1)}`,
      ]);
    }
  } finally {
    if (server) {
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`drop database if exists ${benchDb} with (force)`);
      await admin.end();
    }
  }
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length)));
  console.log(`\n| measure | value | note |\n|---|---|---|`);
  for (const row of rows) console.log(`| ${row.map((cell, i) => cell.padEnd(widths[i])).join(" | ")} |`);
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  console.log(
    `\n(Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, load average ${load} on this machine's ${availableParallelism()} cores, npx tsx bench/startup.ts ${process.argv.slice(2).join(" ")})`,
  );
} finally {
  rmSync(dist, { recursive: true, force: true });
}
