/**
 * Chat delivery: 1 000 sockets in 100 groups of 10, every socket sending 2 chat frames a second (2 000
 * messages/s offered, 20 000 deliveries/s), each delivery timed from send to arrival. Measured in one run
 * against (1) a bare `ws` relay doing only the fan-out in the same pattern, (2) Link on one instance,
 * (3) Link on two instances sharing PostgreSQL and Redis (each group's members split across them), and
 * against Link's durable floor: (4) a relay that stores each event-loop turn's messages in one multi-row
 * INSERT (synchronous commit) before it relays them, (5) two such relays joined by Redis pub/sub.
 * Each server then runs a closed loop (one message per group at a time, the next once every member has
 * it). Every server runs in its own process; this process only drives the sockets. "stored/s" is the rows
 * chat_messages gained during the open loop per second of it (the relay stores nothing); the embedded
 * server keeps its PGlite database in a temporary folder on disk, as a deployment does.
 *
 *   npx tsx bench/sockets.ts                       # bare relay, Link embedded (PGlite), and with
 *                                                  # TEST_DATABASE_URL + TEST_REDIS_URL: Link on PostgreSQL, two instances
 *   options: --sockets N (1000) --groups N (100) --rate R (frames/s per socket, 2) --seconds S (5)
 *            --rounds N (closed loop, 20) --only bare,floor,floor2,pglite,postgres,cross --profile DIR
 *            --knee [--knee-rates 500,1000,2000,3000,4000 --knee-seconds 2]: steps the offered rate on
 *            fresh servers and reports the highest at which p99 stays <= 3 x the relay's, and for Link
 *            the highest within 2 x its durable floor
 *
 * Targets: at 2 000 msg/s, Link's delivery p99 <= 2 x its durable floor (one instance: one durable relay;
 * two instances: two relays over Redis), all delivered; two instances never slower than one.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
    rounds: { type: "string", default: "20" },
    only: { type: "string" },
    /** Also steps the offered rate to find the knee: the highest at which p99 stays <= 3 x the relay's. */
    knee: { type: "boolean", default: false },
    "knee-rates": { type: "string", default: "500,1000,2000,3000,4000" },
    "knee-seconds": { type: "string", default: "2" },
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
const ROUNDS = Number(opts.rounds);
const KNEE_RATES = opts["knee-rates"].split(",").map(Number);
const KNEE_SECONDS = Number(opts["knee-seconds"]);

interface Seed {
  sockets: number;
  groups: number;
  tokens: string[];
}

type Kind = "bare" | "floor" | "floor2" | "pglite" | "postgres" | "cross";
const LABELS: Record<Kind, string> = {
  bare: "bare ws relay",
  floor: "durable relay, PostgreSQL",
  floor2: "two durable relays, PostgreSQL + Redis",
  pglite: "Link, one instance, embedded (disk)",
  postgres: "Link, one instance, PostgreSQL",
  cross: "Link, two instances, PostgreSQL + Redis",
};

// Group g holds sockets g, g + GROUPS, g + 2 GROUPS...; with two instances they alternate between them.
const groupOf = (i: number) => (i % GROUPS) + 1;

if (opts.serve) await serve(opts.serve);
else await main();

/** The frame Link sends for a stored message, so every server's deliveries weigh the same. */
function relayFrame(id: number, groupId: number, message: string | undefined, sentAt: string) {
  return JSON.stringify({
    type: "new_message",
    message: {
      id,
      groupId,
      userId: 1,
      message,
      sentAt,
      userName: "Bench",
      messageType: "text",
      attachmentUrl: null,
      referenceData: null,
    },
  });
}

/**
 * A `ws` relay: joins sockets to groups and hands every chat frame to `onChat`; `relay` fans a frame out
 * to a group's sockets on this server.
 */
async function relayServer(onChat: (chat: { groupId: number; message?: string }) => void) {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", maxPayload: 16 * 1024 });
  const members = new Map<number, Set<WebSocket>>();
  const relay = (groupId: number, frame: string) => {
    for (const peer of members.get(groupId) ?? []) peer.send(frame);
  };
  wss.on("connection", (ws) => {
    ws.on("message", (data) => {
      const m = JSON.parse(String(data)) as { type: string; groupId: number; message?: string };
      if (m.type === "join_group") {
        const set = members.get(m.groupId) ?? new Set<WebSocket>();
        members.set(m.groupId, set);
        set.add(ws);
        ws.send(JSON.stringify({ type: "joined_group", groupId: m.groupId }));
      } else if (m.type === "chat_message") onChat(m);
    });
  });
  await new Promise((r) => wss.once("listening", r));
  return { port: (wss.address() as { port: number }).port, relay };
}

/**
 * The durable floor: a relay that stores every message before it relays it, as cheaply as that can be
 * done. Each event-loop turn's messages go into a scratch table in ONE multi-row INSERT (synchronous
 * commit, a pool as large as Link's), then out to the sockets, turns delivered in the order they
 * arrived. With `--redis`, two such relays share the table and hand each other every turn's stored
 * messages in one PUBLISH on one channel.
 */
async function durableRelay(url: string, redisUrl: string | undefined, prefix: string) {
  const pg = (await import("pg")).default;
  const pool = new pg.Pool({ connectionString: url, max: 20, options: "-c synchronous_commit=on" });
  await pool.query(`create table if not exists relay_messages (
    id bigserial primary key, group_id int not null, user_id int not null, message text not null,
    sent_at timestamptz not null default now())`);
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", async () => {
    const result = await pool.query<{ n: number }>("select count(*)::int as n from relay_messages");
    console.log(`STORED ${result.rows[0].n}`);
  });
  let pending: Array<{ groupId: number; message: string }> = [];
  let delivered: Promise<unknown> = Promise.resolve();
  const server = await relayServer((chat) => {
    if (pending.length === 0) setImmediate(store);
    pending.push({ groupId: chat.groupId, message: chat.message ?? "" });
  });
  const { Redis } = await import("ioredis");
  const publisher = redisUrl ? new Redis(redisUrl) : null;
  const channel = `${prefix}relay`;
  if (redisUrl) {
    const subscriber = new Redis(redisUrl);
    await subscriber.subscribe(channel);
    subscriber.on("message", (_channel: string, raw: string) => {
      const batch = JSON.parse(raw) as { origin: number; frames: Array<[number, string]> };
      if (batch.origin === process.pid) return;
      for (const [groupId, frame] of batch.frames) server.relay(groupId, frame);
    });
  }
  function store() {
    const batch = pending;
    pending = [];
    const inserted = pool.query<{ id: string; sent_at: Date }>(
      `insert into relay_messages (group_id, user_id, message)
       select g, 1, m from unnest($1::int[], $2::text[]) with ordinality as i(g, m, n) order by n
       returning id, sent_at`,
      [batch.map((b) => b.groupId), batch.map((b) => b.message)],
    );
    delivered = Promise.all([inserted, delivered]).then(([result]) => {
      const frames = batch.map(
        (b, i) =>
          [
            b.groupId,
            relayFrame(Number(result.rows[i].id), b.groupId, b.message, result.rows[i].sent_at.toISOString()),
          ] as [number, string],
      );
      for (const [groupId, frame] of frames) server.relay(groupId, frame);
      if (publisher) void publisher.publish(channel, JSON.stringify({ origin: process.pid, frames }));
    });
  }
  console.log(`READY ${server.port}`);
}

/** Child: a server on a free port; prints READY <port>. */
async function serve(kind: string) {
  if (kind === "bare") {
    let id = 0;
    // The same frame Link sends, serialised once per message.
    const server = await relayServer((m) => {
      id += 1;
      server.relay(m.groupId, relayFrame(id, m.groupId, m.message, new Date().toISOString()));
    });
    console.log(`READY ${server.port}`);
    return;
  }
  if (kind === "durable") {
    await durableRelay(opts.db as string, opts.redis, opts.prefix ?? "bench:");
    return;
  }
  const { buildApp } = await import("../src/server/app");
  const { testConfig } = await import("../src/server/config");
  const { openDatabase } = await import("../src/server/db/client");
  const { createInProcessBus, createRedisBus } = await import("../src/server/realtime/bus");
  const database = await openDatabase(opts.db as string);
  if (opts.seed) await seedDatabase(database.db, JSON.parse(readFileSync(opts.seed, "utf8")) as Seed);
  // "count" on stdin answers "STORED <n>": the chat messages the database holds, so the parent's stored/s
  // counts rows rather than deliveries.
  const { sql } = await import("drizzle-orm");
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", async () => {
    const result = (await database.db.execute(sql`select count(*)::int as n from chat_messages`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    console.log(`STORED ${Number(result.rows[0].n)}`);
  });
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

interface Server {
  child: ChildProcess;
  port: number;
  /** The chat messages its database holds (a Link server; the relay stores nothing). */
  stored(): Promise<number>;
}

function start(args: string[]): Promise<Server> {
  return new Promise((resolve, reject) => {
    // node itself with the tsx loader (not the tsx CLI), so killing the child stops the server.
    const profile = opts.profile && args[1] === "link" ? ["--cpu-prof", `--cpu-prof-dir=${opts.profile}`] : [];
    const child = spawn(process.execPath, [...profile, "--import", "tsx", import.meta.filename, ...args], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    const waiting: Array<(n: number) => void> = [];
    const stored = () =>
      new Promise<number>((answer) => {
        waiting.push(answer);
        child.stdin?.write("count\n");
      });
    child.stdout?.on("data", (d) => {
      out += d;
      const m = out.match(/READY (\d+)/);
      if (m) resolve({ child, port: Number(m[1]), stored });
      for (const line of out.match(/STORED \d+/g) ?? []) waiting.shift()?.(Number(line.slice(7)));
      out = out.replace(/STORED \d+\n?/g, "");
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
  /** Open loop: rows stored per second of the run (counted in chat_messages); closed loop: messages per second. */
  achieved: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Clients {
  sockets: WebSocket[];
  /** Called for every new_message a socket receives, with its text. */
  onMessage: (text: string) => void;
  errors: number;
  close(): void;
}

/** Connects every socket (socket i to ports[(i / GROUPS) % ports.length]) and joins it to its group. */
async function connect(ports: number[], tokens: string[] | null): Promise<Clients> {
  const portOf = (i: number) => ports[Math.floor(i / GROUPS) % ports.length];
  const clients: Clients = { sockets: [], onMessage: () => {}, errors: 0, close: () => {} };
  clients.sockets = await Promise.all(
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
            else if (m.type === "new_message" && m.message) clients.onMessage(m.message.message);
            else if (m.type === "error" || m.type === "message_error") clients.errors += 1;
          });
          ws.once("open", () => ws.send(JSON.stringify({ type: "join_group", groupId: groupOf(i) })));
          ws.once("error", reject);
        }),
    ),
  );
  clients.close = () => {
    for (const ws of clients.sockets) ws.terminate();
  };
  return clients;
}

function percentiles(latencies: number[]) {
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN;
  return { p50: pct(50), p99: pct(99) };
}

/**
 * Open loop: every socket sends `rate` frames a second, spread evenly, whatever the server answers;
 * each delivery is timed from send to arrival.
 */
async function openLoop(
  label: string,
  clients: Clients,
  rate: number,
  seconds: number,
  stored: (() => Promise<number>) | undefined,
): Promise<Result> {
  const { sockets } = clients;
  const storedBefore = stored ? await stored() : 0;
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  let delivered = 0;
  clients.onMessage = (text) => {
    const start = sentAt.get(text);
    if (start !== undefined) latencies.push(performance.now() - start);
    delivered += 1;
  };
  const interval = 1000 / rate;
  const perSocket = Math.round(rate * seconds);
  const next = sockets.map((_, i) => (i / SOCKETS) * interval);
  const count = sockets.map(() => 0);
  const run = randomBytes(3).toString("hex");
  let sent = 0;
  const begin = performance.now();
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const now = performance.now() - begin;
      for (let i = 0; i < SOCKETS; i++) {
        while (count[i] < perSocket && next[i] <= now) {
          const text = `${run}s${i}n${count[i]}`;
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
  const errorsBefore = clients.errors;
  const drainUntil = performance.now() + 30_000;
  while (delivered < expected && clients.errors === errorsBefore && performance.now() < drainUntil)
    await new Promise((r) => setTimeout(r, 20));
  const totalMs = performance.now() - begin;
  const storedRows = stored ? (await stored()) - storedBefore : Number.NaN;
  return {
    label,
    sent,
    delivered,
    expected,
    errors: clients.errors - errorsBefore,
    offered: sent / (sendMs / 1000),
    achieved: storedRows / (totalMs / 1000),
    ...percentiles(latencies),
  };
}

/** Two closed-loop rounds per group, not measured: a fresh server compiles its hot paths before the clock runs. */
async function warmUp(clients: Clients) {
  await closedLoop("warm-up", clients, 2);
}

/**
 * Closed loop: in every group one member sends (each in turn), and the group's next round starts when
 * every member received it; `rounds` rounds per group, all groups at once. Timed like the open loop.
 */
async function closedLoop(label: string, clients: Clients, rounds: number): Promise<Result> {
  const members = new Map<number, number[]>();
  for (let i = 0; i < SOCKETS; i++) members.set(groupOf(i), [...(members.get(groupOf(i)) ?? []), i]);
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  const arrived = new Map<string, number>();
  const run = randomBytes(3).toString("hex");
  let delivered = 0;
  let sent = 0;
  let finished = 0;
  const begin = performance.now();
  const done = new Promise<void>((resolve) => {
    const sendRound = (groupId: number, round: number) => {
      const group = members.get(groupId) as number[];
      if (round === rounds) {
        finished += 1;
        if (finished === members.size) resolve();
        return;
      }
      const text = `${run}g${groupId}r${round}`;
      sentAt.set(text, performance.now());
      const sender = group[round % group.length];
      clients.sockets[sender].send(JSON.stringify({ type: "chat_message", groupId, message: text }));
      sent += 1;
    };
    clients.onMessage = (text) => {
      const start = sentAt.get(text);
      if (start === undefined) return;
      latencies.push(performance.now() - start);
      delivered += 1;
      const count = (arrived.get(text) ?? 0) + 1;
      arrived.set(text, count);
      const match = /g(\d+)r(\d+)$/.exec(text) as RegExpExecArray;
      const groupId = Number(match[1]);
      if (count === (members.get(groupId) as number[]).length) sendRound(groupId, Number(match[2]) + 1);
    };
    for (const groupId of members.keys()) sendRound(groupId, 0);
  });
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 60_000).unref());
  await Promise.race([done, timeout]);
  const totalMs = performance.now() - begin;
  return {
    label,
    sent,
    delivered,
    expected: rounds * SOCKETS,
    errors: clients.errors,
    offered: sent / (totalMs / 1000),
    achieved: sent / (totalMs / 1000),
    ...percentiles(latencies),
  };
}

async function main() {
  const pgServer = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  const kinds = (opts.only ?? "bare,floor,floor2,pglite,postgres,cross").split(",").filter((kind): kind is Kind => {
    if (!(kind in LABELS)) return false;
    if ((kind === "postgres" || kind === "cross" || kind === "floor" || kind === "floor2") && !pgServer) return false;
    return (kind !== "cross" && kind !== "floor2") || Boolean(redisUrl);
  });
  const notes: string[] = [];
  if (!pgServer) notes.push("PostgreSQL tiers: skipped (set TEST_DATABASE_URL, and TEST_REDIS_URL for two instances)");
  else if (!redisUrl) notes.push("two instances: skipped (set TEST_REDIS_URL)");
  if (pgServer) process.env.DB_TIER = "postgres";
  const tokens = Array.from({ length: SOCKETS }, () => randomBytes(32).toString("base64url"));
  const seedFile = path.join(os.tmpdir(), `link-bench-sockets-${process.pid}.json`);
  writeFileSync(seedFile, JSON.stringify({ sockets: SOCKETS, groups: GROUPS, tokens } satisfies Seed));
  const stop = (c: ChildProcess) =>
    new Promise<void>((resolve) => {
      c.once("exit", () => resolve());
      c.kill("SIGTERM");
    });

  /** Fresh server(s) of a kind, with a fresh database and Redis prefix: no budget is spent yet. */
  async function launch(kind: Kind) {
    if (kind === "bare") {
      const s = await start(["--serve", "bare"]);
      return { ports: [s.port], tokens: null, stored: undefined, stop: () => stop(s.child) };
    }
    if (kind === "pglite") {
      // In a folder on disk, as a deployment keeps its embedded database.
      const folder = mkdtempSync(path.join(os.tmpdir(), "link-bench-sockets-db-"));
      const s = await start(["--serve", "link", "--db", folder, "--seed", seedFile]);
      return {
        ports: [s.port],
        tokens,
        stored: s.stored,
        async stop() {
          await stop(s.child);
          rmSync(folder, { recursive: true, force: true });
        },
      };
    }
    const { freshDatabaseUrl } = await import("../src/server/test/test-app");
    const { url, drop } = await freshDatabaseUrl();
    const prefix = `bench-${randomBytes(4).toString("hex")}:`;
    if (kind === "floor" || kind === "floor2") {
      const redisArgs = kind === "floor2" && redisUrl ? ["--redis", redisUrl, "--prefix", prefix] : [];
      const relays = [await start(["--serve", "durable", "--db", url, ...redisArgs])];
      if (kind === "floor2") relays.push(await start(["--serve", "durable", "--db", url, ...redisArgs]));
      return {
        ports: relays.map((s) => s.port),
        tokens: null,
        stored: relays[0].stored,
        async stop() {
          for (const s of relays) await stop(s.child);
          await new Promise((r) => setTimeout(r, 500));
          await drop();
        },
      };
    }
    const redisArgs = kind === "cross" && redisUrl ? ["--redis", redisUrl, "--prefix", prefix] : [];
    const servers = [await start(["--serve", "link", "--db", url, "--seed", seedFile, ...redisArgs])];
    if (kind === "cross") servers.push(await start(["--serve", "link", "--db", url, ...redisArgs]));
    return {
      ports: servers.map((s) => s.port),
      tokens,
      stored: servers[0].stored,
      async stop() {
        for (const s of servers) await stop(s.child);
        await new Promise((r) => setTimeout(r, 500));
        await drop();
      },
    };
  }

  const load = () => os.loadavg()[0].toFixed(1);
  const loadAtStart = load();
  const open: Result[] = [];
  const closed: Result[] = [];
  for (const kind of kinds) {
    const server = await launch(kind);
    const clients = await connect(server.ports, server.tokens);
    await warmUp(clients);
    open.push(await openLoop(LABELS[kind], clients, RATE, SECONDS, server.stored));
    closed.push(await closedLoop(LABELS[kind], clients, ROUNDS));
    clients.close();
    await server.stop();
  }

  const knee: Array<{ rate: number; byKind: Map<Kind, Result> }> = [];
  if (opts.knee) {
    for (const rate of KNEE_RATES) {
      const byKind = new Map<Kind, Result>();
      for (const kind of kinds.filter((k) => k !== "pglite" || !pgServer)) {
        const server = await launch(kind);
        const clients = await connect(server.ports, server.tokens);
        await warmUp(clients);
        byKind.set(kind, await openLoop(LABELS[kind], clients, rate / SOCKETS, KNEE_SECONDS, server.stored));
        clients.close();
        await server.stop();
      }
      knee.push({ rate, byKind });
    }
  }

  const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
  const ratio = (r: Result, to: Result | undefined) => (to && r !== to ? `${fixed(r.p99 / to.p99)} x` : "");
  const complete = (r: Result) => `${r.delivered}/${r.expected}${r.errors ? ` (${r.errors} error frames)` : ""}`;
  /** The durable floor a server is held to: two relays over Redis for two instances, else one relay. */
  const floorOf = (kind: Kind): Kind | null =>
    kind === "cross" ? "floor2" : kind === "postgres" || kind === "pglite" ? "floor" : null;
  const kindOf = (r: Result) => (Object.keys(LABELS) as Kind[]).find((k) => LABELS[k] === r.label) as Kind;
  const floorFor = (r: Result, results: Result[]) => {
    const floor = floorOf(kindOf(r));
    return floor ? results.find((f) => f.label === LABELS[floor]) : undefined;
  };
  console.log(
    `\nChat delivery: ${SOCKETS} sockets, ${GROUPS} groups of ${SOCKETS / GROUPS}; load average ${loadAtStart} at start, ${load()} at end`,
  );
  console.log(
    "Targets: p99 <= 2 x the durable floor (one instance: one durable relay; two instances: two durable relays over Redis), all delivered; two instances never slower than one.\n",
  );
  console.log(`Open loop: ${RATE} frames/s per socket (${RATE * SOCKETS} msg/s offered) for ${SECONDS} s`);
  console.log(
    `${"server".padEnd(42)}${"offered/s".padStart(10)}${"stored/s".padStart(10)}${"delivered".padStart(16)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"/bare".padStart(9)}${"/floor".padStart(9)}${"/one".padStart(9)}`,
  );
  const openBare = open.find((r) => r.label === LABELS.bare);
  const openOne = open.find((r) => r.label === LABELS.postgres);
  for (const r of open) {
    console.log(
      `${r.label.padEnd(42)}${fixed(r.offered, 0).padStart(10)}${fixed(r.achieved, 0).padStart(10)}${complete(r).padStart(16)}${fixed(r.p50).padStart(9)}${fixed(r.p99).padStart(9)}${ratio(r, openBare).padStart(9)}${ratio(r, floorFor(r, open)).padStart(9)}${(r.label === LABELS.cross ? ratio(r, openOne) : "").padStart(9)}`,
    );
  }
  console.log(`\nClosed loop: one message per group at a time, next when all members have it; ${ROUNDS} rounds`);
  console.log(
    `${"server".padEnd(42)}${"msg/s".padStart(10)}${"delivered".padStart(26)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"/bare".padStart(9)}${"/floor".padStart(9)}`,
  );
  const closedBare = closed.find((r) => r.label === LABELS.bare);
  for (const r of closed) {
    console.log(
      `${r.label.padEnd(42)}${fixed(r.achieved, 0).padStart(10)}${complete(r).padStart(26)}${fixed(r.p50).padStart(9)}${fixed(r.p99).padStart(9)}${ratio(r, closedBare).padStart(9)}${ratio(r, floorFor(r, closed)).padStart(9)}`,
    );
  }
  if (knee.length > 0) {
    const stepped = kinds.filter((k) => k !== "bare" && (k !== "pglite" || !pgServer));
    console.log(`\nKnee: open loop, ${KNEE_SECONDS} s per step, fresh servers; p99 ms (x the relay's)`);
    console.log(
      `${"offered msg/s".padEnd(14)}${["bare" as Kind, ...stepped].map((k) => LABELS[k].slice(0, 26).padStart(28)).join("")}`,
    );
    for (const step of knee) {
      const bare = step.byKind.get("bare");
      const cells = ["bare" as Kind, ...stepped].map((k) => {
        const r = step.byKind.get(k);
        if (!r) return "".padStart(28);
        const lost = r.delivered < r.expected ? " lost" : "";
        return `${fixed(r.p99)}${r !== bare && bare ? ` (${fixed(r.p99 / bare.p99)} x)` : ""}${lost}`.padStart(28);
      });
      console.log(`${String(step.rate).padEnd(14)}${cells.join("")}`);
    }
    /** The last rate of the first unbroken run of steps within `times` x the reference's p99, nothing lost. */
    const kneeOf = (kind: Kind, reference: Kind, times: number) => {
      let best: number | null = null;
      for (const step of knee) {
        const r = step.byKind.get(kind);
        const to = step.byKind.get(reference);
        if (!r || !to || r.delivered < r.expected || r.p99 > times * to.p99) break;
        best = step.rate;
      }
      return best ? `${best} msg/s` : `below ${KNEE_RATES[0]} msg/s`;
    };
    for (const kind of stepped) {
      const floor = floorOf(kind);
      const toFloor =
        floor && kinds.includes(floor) ? `; ${kneeOf(kind, floor, 2)} within 2 x the ${LABELS[floor]}` : "";
      console.log(`knee, ${LABELS[kind]}: ${kneeOf(kind, "bare", 3)} within 3 x the relay${toFloor}`);
    }
  }
  for (const n of notes) console.log(n);
  rmSync(seedFile, { force: true });
  process.exit(0);
}
