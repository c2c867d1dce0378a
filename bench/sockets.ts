/**
 * Socket fan-out on one instance: 1 000 sockets across 100 groups (10 members each) on
 * 127.0.0.1, chat frames sent over the sockets, every delivery timed from send to arrival.
 * Prints messages/s (stored + fanned out) and p50/p99 delivery latency. Bounded: < 2 min.
 *
 *   npx tsx bench/sockets.ts [sockets=1000] [groups=100] [messagesPerGroup=20]
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import WebSocket from "ws";
import { groupMembers, groups, sessions, users } from "../src/server/db/schema";
import { hashSessionToken, newSessionToken } from "../src/server/http/session";
import { createTestApp } from "../src/server/test/test-app";

const SOCKETS = Number(process.argv[2] ?? 1000);
const GROUPS = Number(process.argv[3] ?? 100);
const PER_GROUP = Number(process.argv[4] ?? 20);
const DEADLINE = setTimeout(() => {
  console.error("bench: over the 2-minute bound, aborting");
  process.exit(1);
}, 115_000);

const t = await createTestApp({ LOG_LEVEL: "silent" });
const base = (await t.app.listen({ port: 0, host: "127.0.0.1" })).replace(/^http/, "ws");
const db = t.database.db;

// Users, sessions, groups and memberships straight into the database: the bench measures sockets, not sign-up.
const userRows = await db
  .insert(users)
  .values(Array.from({ length: SOCKETS }, (_, i) => ({ fullName: `Bench ${i}`, username: `bench_${i}`, email: `bench_${i}@example.com`, passwordHash: "x" })))
  .returning({ id: users.id });
const tokens = userRows.map(() => newSessionToken());
await db.insert(sessions).values(
  userRows.map((u, i) => ({ idHash: hashSessionToken(tokens[i]), userId: u.id, expiresAt: new Date(Date.now() + 3_600_000) })),
);
const groupRows = await db
  .insert(groups)
  .values(Array.from({ length: GROUPS }, (_, i) => ({ name: `Bench group ${i}` })))
  .returning({ id: groups.id });
const groupOf = (i: number) => groupRows[i % GROUPS].id;
await db.insert(groupMembers).values(userRows.map((u, i) => ({ groupId: groupOf(i), userId: u.id })));
await db.execute(sql`analyze`);

const latencies: number[] = [];
const sentAt = new Map<string, number>();
let delivered = 0;

const connectStart = performance.now();
const sockets = await Promise.all(
  userRows.map(
    (_, i) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`${base}/ws`, { headers: { cookie: `link_session=${tokens[i]}` } });
        ws.on("message", (data) => {
          const m = JSON.parse(String(data));
          if (m.type === "joined_group") resolve(ws);
          if (m.type === "new_message") {
            const start = sentAt.get(m.message.message);
            if (start !== undefined) latencies.push(performance.now() - start);
            delivered += 1;
          }
        });
        ws.once("open", () => ws.send(JSON.stringify({ type: "join_group", groupId: groupOf(i) })));
        ws.once("error", reject);
      }),
  ),
);
const connectMs = performance.now() - connectStart;

// Each group's first member sends PER_GROUP messages; one message per group in flight per round.
const expected = GROUPS * PER_GROUP * (SOCKETS / GROUPS);
const runStart = performance.now();
for (let round = 0; round < PER_GROUP; round++) {
  const target = delivered + GROUPS * (SOCKETS / GROUPS);
  for (let g = 0; g < GROUPS; g++) {
    const text = `r${round}g${g}`;
    sentAt.set(text, performance.now());
    sockets[g].send(JSON.stringify({ type: "chat_message", groupId: groupOf(g), message: text }));
  }
  const roundDeadline = performance.now() + 20_000;
  while (delivered < target && performance.now() < roundDeadline) await new Promise((r) => setTimeout(r, 2));
  // The per-socket limit (20 chat frames per 10 s) would refuse a fast sender; the bench stays under it.
}
const runMs = performance.now() - runStart;

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN;
console.table([
  {
    sockets: SOCKETS,
    groups: GROUPS,
    "connect+join (ms)": Math.round(connectMs),
    "messages sent": GROUPS * PER_GROUP,
    "stored msg/s": Math.round((GROUPS * PER_GROUP) / (runMs / 1000)),
    "deliveries/s": Math.round(delivered / (runMs / 1000)),
    delivered: `${delivered}/${expected}`,
    "p50 (ms)": pct(50).toFixed(1),
    "p99 (ms)": pct(99).toFixed(1),
  },
]);

for (const ws of sockets) ws.terminate();
await t.close();
clearTimeout(DEADLINE);
process.exit(delivered === expected ? 0 : 1);
