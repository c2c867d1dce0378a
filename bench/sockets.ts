/**
 * Chat delivery: 1 000 sockets in 100 groups of 10, every socket sending 2 chat frames a second (2 000
 * messages/s offered, 20 000 deliveries/s), each delivery timed from send to arrival. Measured in one run
 * against (1) a bare `ws` relay doing only the fan-out in the same pattern, (2) Link on one instance,
 * (3) Link on two instances sharing PostgreSQL and Redis (each group's members split across them).
 * Every server runs in its own process; this process only drives the sockets.
 *
 *   npx tsx bench/sockets.ts                       # bare relay, Link embedded (PGlite), and with
 *                                                  # TEST_DATABASE_URL + TEST_REDIS_URL: Link on PostgreSQL, two instances
 *   options: --sockets N (1000) --groups N (100) --rate R (frames/s per socket, 2) --seconds S (5)
 *            --only bare,pglite,postgres,cross
 *
 * Targets: Link's delivery p99 <= 3 x the bare relay's; two instances <= 1.2 x one (PostgreSQL).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import WebSocket, { WebSocketServer } from "ws";

const { values: opts } = parseArgs({
  options: {
    sockets: { type: "string", default: "1000" },
    groups: { type: "string", default: "100" },
    rate: { type: "string", default: "2" },
    seconds: { type: "string", default: "5" },
    only: { type: "string" },
    // Child process modes.
    serve: { type: "string" },
    db: { type: "string" },
    redis: { type: "string" },
    prefix: { type: "string" },
    seed: { type: "string" },
    /** Writes a CPU profile of each Link server into this directory (open it in Chrome DevTools). */
    profile: { type: "string" },
  },
});
const SOCKETS = Number(opts.sockets);
const GROUPS = Number(opts.groups);
const RATE = Number(opts.rate);
const SECONDS = Number(opts.seconds);

interface Seed {
  sockets: number;
  groups: number;
  tokens: string[];
}

if (opts.serve) await serve(opts.serve);
else await main();

/** Child: a server on a free port; prints READY <port>. */
async function serve(kind: string) {
  if (kind === "bare") {
    const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", maxPayload: 16 * 1024 });
    const members = new Map<number, Set<WebSocket>>();
    let id = 0;
    wss.on("connection", (ws) => {
      ws.on("message", (data) => {
        const m = JSON.parse(String(data)) as { type: string; groupId: number; message?: string };
        if (m.type === "join_group") {
          const set = members.get(m.groupId) ?? new Set<WebSocket>();
          members.set(m.groupId, set);
          set.add(ws);
          ws.send(JSON.stringify({ type: "joined_group", groupId: m.groupId }));
        } else if (m.type === "chat_message") {
          id += 1;
          // The same frame Link sends, serialised once per message.
          const frame = JSON.stringify({
            type: "new_message",
            message: {
              id,
              groupId: m.groupId,
              userId: 1,
              message: m.message,
              sentAt: new Date().toISOString(),
              userName: "Bench",
              messageType: "text",
              attachmentUrl: null,
              referenceData: null,
            },
          });
          for (const peer of members.get(m.groupId) ?? []) peer.send(frame);
        }
      });
    });
    await new Promise((r) => wss.once("listening", r));
    console.log(`READY ${(wss.address() as { port: number }).port}`);
    return;
  }
  const { buildApp } = await import("../src/server/app");
  const { testConfig } = await import("../src/server/config");
  const { openDatabase } = await import("../src/server/db/client");
  const { createInProcessBus, createRedisBus } = await import("../src/server/realtime/bus");
  const database = await openDatabase(opts.db ?? "memory://");
  if (opts.seed) await seedDatabase(database.db, JSON.parse(readFileSync(opts.seed, "utf8")) as Seed);
  const bus = opts.redis ? createRedisBus(opts.redis, { prefix: opts.prefix }) : createInProcessBus();
  const config = testConfig({
    LOG_LEVEL: "silent",
    ...(opts.redis ? { REDIS_URL: opts.redis, REDIS_PREFIX: opts.prefix } : {}),
  });
  const app = await buildApp({ config, database, bus });
  // Exit on SIGTERM, so --cpu-prof writes its profile.
  process.once("SIGTERM", () => process.exit(0));
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  console.log(`READY ${new URL(address).port}`);
}

/** Users, sessions, groups and memberships straight into the database: the bench measures sockets, not sign-up. */
async function seedDatabase(db: import("../src/server/db/client").Database["db"], seed: Seed) {
  const { sql } = await import("drizzle-orm");
  const { groupMembers, groups, sessions, users } = await import("../src/server/db/schema");
  const { hashSessionToken } = await import("../src/server/http/session");
  const userRows = await db
    .insert(users)
    .values(
      Array.from({ length: seed.sockets }, (_, i) => ({
        fullName: `Bench ${i}`,
        username: `bench_${i}`,
        email: `bench_${i}@example.com`,
        passwordHash: "x",
      })),
    )
    .returning({ id: users.id });
  await db.insert(sessions).values(
    userRows.map((u, i) => ({
      idHash: hashSessionToken(seed.tokens[i]),
      userId: u.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    })),
  );
  const groupRows = await db
    .insert(groups)
    .values(Array.from({ length: seed.groups }, (_, i) => ({ name: `Bench group ${i}` })))
    .returning({ id: groups.id });
  await db
    .insert(groupMembers)
    .values(userRows.map((u, i) => ({ groupId: groupRows[i % seed.groups].id, userId: u.id })));
  await db.execute(sql`analyze`);
}

function start(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    // node itself with the tsx loader (not the tsx CLI), so killing the child stops the server.
    const profile = opts.profile && args[1] === "link" ? ["--cpu-prof", `--cpu-prof-dir=${opts.profile}`] : [];
    const child = spawn(process.execPath, [...profile, "--import", "tsx", import.meta.filename, ...args], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout?.on("data", (d) => {
      out += d;
      const m = out.match(/READY (\d+)/);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}) before it was ready`)));
  });
}

interface Result {
  label: string;
  sent: number;
  delivered: number;
  expected: number;
  offered: number;
  achieved: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Connects every socket (socket i to ports[i % ports.length]... of its group), runs the send pattern, measures. */
async function drive(label: string, ports: number[], tokens: string[] | null): Promise<Result> {
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  let delivered = 0;
  let errors = 0;
  // Group g holds sockets g, g + GROUPS, g + 2 GROUPS...; with two instances they alternate between them.
  const groupOf = (i: number) => (i % GROUPS) + 1;
  const portOf = (i: number) => ports[Math.floor(i / GROUPS) % ports.length];
  const sockets = await Promise.all(
    Array.from(
      { length: SOCKETS },
      (_, i) =>
        new Promise<WebSocket>((resolve, reject) => {
          const headers = tokens ? { cookie: `link_session=${tokens[i]}` } : undefined;
          const ws = new WebSocket(`ws://127.0.0.1:${portOf(i)}/ws`, { headers });
          // A refused chat frame is answered message_error (the chat budgets are 20 in 10 s, 60 a minute per user).
          ws.on("message", (data) => {
            const m = JSON.parse(String(data)) as { type: string; groupId?: number; message?: { message: string } };
            if (m.type === "joined_group") resolve(ws);
            else if (m.type === "new_message" && m.message) {
              const start = sentAt.get(m.message.message);
              if (start !== undefined) latencies.push(performance.now() - start);
              delivered += 1;
            } else if (m.type === "error" || m.type === "message_error") errors += 1;
          });
          ws.once("open", () => ws.send(JSON.stringify({ type: "join_group", groupId: groupOf(i) })));
          ws.once("error", reject);
        }),
    ),
  );
  // Every socket sends RATE frames a second, spread evenly over the second.
  const interval = 1000 / RATE;
  const perSocket = Math.round(RATE * SECONDS);
  const next = sockets.map((_, i) => (i / SOCKETS) * interval);
  const count = sockets.map(() => 0);
  let sent = 0;
  const begin = performance.now();
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const now = performance.now() - begin;
      for (let i = 0; i < SOCKETS; i++) {
        while (count[i] < perSocket && next[i] <= now) {
          const text = `s${i}n${count[i]}`;
          sentAt.set(text, performance.now());
          sockets[i].send(JSON.stringify({ type: "chat_message", groupId: groupOf(i), message: text }));
          count[i] += 1;
          next[i] += interval;
          sent += 1;
        }
      }
      if (sent >= perSocket * SOCKETS) {
        clearInterval(tick);
        resolve();
      }
    }, 2);
  });
  const sendMs = performance.now() - begin;
  const expected = sent * (SOCKETS / GROUPS);
  const drainUntil = performance.now() + 30_000;
  while (delivered < expected && errors === 0 && performance.now() < drainUntil)
    await new Promise((r) => setTimeout(r, 20));
  const totalMs = performance.now() - begin;
  for (const ws of sockets) ws.terminate();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN;
  return {
    label,
    sent,
    delivered,
    expected,
    errors,
    offered: sent / (sendMs / 1000),
    achieved: delivered / (SOCKETS / GROUPS) / (totalMs / 1000),
    p50: pct(50),
    p99: pct(99),
  };
}

async function main() {
  const only = new Set((opts.only ?? "bare,pglite,postgres,cross").split(","));
  const pgServer = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  const results: Result[] = [];
  const notes: string[] = [];
  const tokens = Array.from({ length: SOCKETS }, () => randomBytes(32).toString("base64url"));
  const seedFile = path.join(os.tmpdir(), `link-bench-sockets-${process.pid}.json`);
  writeFileSync(seedFile, JSON.stringify({ sockets: SOCKETS, groups: GROUPS, tokens } satisfies Seed));
  const stop = (c: ChildProcess) =>
    new Promise<void>((resolve) => {
      c.once("exit", () => resolve());
      c.kill("SIGTERM");
    });

  if (only.has("bare")) {
    const s = await start(["--serve", "bare"]);
    results.push(await drive("bare ws relay", [s.port], null));
    await stop(s.child);
  }
  if (only.has("pglite")) {
    const s = await start(["--serve", "link", "--seed", seedFile]);
    results.push(await drive("Link, one instance, embedded", [s.port], tokens));
    await stop(s.child);
  }
  if (pgServer && (only.has("postgres") || only.has("cross"))) {
    process.env.DB_TIER = "postgres";
    const { freshDatabaseUrl } = await import("../src/server/test/test-app");
    for (const mode of ["postgres", "cross"] as const) {
      if (!only.has(mode)) continue;
      if (mode === "cross" && !redisUrl) {
        notes.push("two instances: skipped (set TEST_REDIS_URL)");
        continue;
      }
      const { url, drop } = await freshDatabaseUrl();
      const prefix = `bench-${randomBytes(4).toString("hex")}:`;
      const redisArgs = mode === "cross" && redisUrl ? ["--redis", redisUrl, "--prefix", prefix] : [];
      const first = await start(["--serve", "link", "--db", url, "--seed", seedFile, ...redisArgs]);
      const servers = [first];
      if (mode === "cross") servers.push(await start(["--serve", "link", "--db", url, ...redisArgs]));
      results.push(
        await drive(
          mode === "cross" ? "Link, two instances, PostgreSQL + Redis" : "Link, one instance, PostgreSQL",
          servers.map((s) => s.port),
          tokens,
        ),
      );
      for (const s of servers) await stop(s.child);
      await new Promise((r) => setTimeout(r, 500));
      await drop();
    }
  } else if (!pgServer)
    notes.push("PostgreSQL tiers: skipped (set TEST_DATABASE_URL, and TEST_REDIS_URL for two instances)");

  const bare = results.find((r) => r.label.startsWith("bare"));
  const single = results.find((r) => r.label === "Link, one instance, PostgreSQL");
  console.log(
    `\nChat delivery: ${SOCKETS} sockets, ${GROUPS} groups of ${SOCKETS / GROUPS}, ${RATE} frames/s per socket for ${SECONDS} s`,
  );
  console.log("Targets: p99 <= 3 x the bare relay's; two instances <= 1.2 x one.");
  console.log(
    "server                                    offered msg/s  stored+fanned msg/s  delivered       p50 ms   p99 ms  p99/bare  p99/single",
  );
  for (const r of results) {
    console.log(
      `${r.label.padEnd(42)}${r.offered.toFixed(0).padStart(13)}${r.achieved.toFixed(0).padStart(21)}  ${`${r.delivered}/${r.expected}`.padStart(13)}${r.p50.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${bare && r !== bare ? (r.p99 / bare.p99).toFixed(1).padStart(10) : "".padStart(10)}${single && r.label.includes("two") ? (r.p99 / single.p99).toFixed(2).padStart(12) : ""}${r.errors ? `  (${r.errors} error frames)` : ""}`,
    );
  }
  for (const n of notes) console.log(n);
  rmSync(seedFile, { force: true });
  process.exit(0);
}
