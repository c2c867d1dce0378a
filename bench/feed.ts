// Feed benchmark: 100 000 events and 10 000 users, then the swipe feed's latency and throughput next to
// /healthz on the same server. Run with `npx tsx bench/feed.ts` (PGlite in memory, or TEST_DATABASE_URL).
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { testConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { feedRepository } from "../src/server/modules/events/feed/repository";
import { createInProcessBus } from "../src/server/realtime/bus";
import { freshDatabaseUrl, registerUser } from "../src/server/test/test-app";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
// PGlite is one in-process connection: at concurrency c a request waits for the c - 1 ahead of it, so
// concurrency 1 shows the latency of one request and a higher level shows throughput under queueing.
const LEVELS = (process.env.BENCH_CONCURRENCY ?? "1,8").split(",").map(Number);

const started = Date.now();
if (process.env.TEST_DATABASE_URL) process.env.DB_TIER = "postgres";
const { url, drop } = await freshDatabaseUrl();
const database = await openDatabase(url);
const bus = createInProcessBus();
const app = await buildApp({ config: testConfig({ AUTH_RATE_LIMIT: 100_000 }), database, bus });
await app.ready();
const db = database.db;

const me = await registerUser(app, { interests: ["hiking", "music"] });
const t0 = Date.now();
// Bulk inserts in SQL: users spread over 50 cities, events over the same cities, 70 % upcoming.
await db.execute(sql`
  insert into users (full_name, username, email, password_hash, lat, lng, latitude, longitude)
  select 'Bench User ' || g, 'bench_' || g, 'bench_' || g || '@example.com', 'x',
    30 + (g % 50) * 0.4 + random() * 0.3, -120 + (g % 50) * 1.0 + random() * 0.3, '', ''
  from generate_series(1, ${USERS}) g`);
const tags = ["music", "food", "hiking", "yoga", "art", "games", "wine", "college", "concert", "outdoor"];
await db.execute(sql`
  insert into events (title, description, date, host_id, type, lat, lng, latitude, longitude, tags, max_attendees, location)
  select 'Bench event ' || g, 'A generated event number ' || g,
    now() + ((g % 100) - 30) * interval '1 day' + (g % 24) * interval '1 hour',
    (select min(id) from users) + (g % ${USERS}),
    case when g % 3 = 0 then 'networking' else 'social' end,
    30 + (g % 50) * 0.4 + random() * 0.4, -120 + (g % 50) * 1.0 + random() * 0.4, '', '',
    array[(${JSON.stringify(tags)}::jsonb ->> (g % 10)), (${JSON.stringify(tags)}::jsonb ->> ((g / 10) % 10))],
    case when g % 4 = 0 then 50 else null end, 'Somewhere ' || (g % 50)
  from generate_series(1, ${EVENTS}) g`);
await db.execute(sql`
  insert into event_participants (event_id, user_id, status)
  select e.id, u.id, 'going' from (select id from events order by id limit 20000) e
  join lateral (select id from users where id = (select min(id) from users) + (e.id * 7 % ${USERS})) u on true
  on conflict do nothing`);
await db.execute(sql`analyze`);
const seedMs = Date.now() - t0;

// The bench user stands in the first city.
const base = `/api/events/swipe/${me.user.id}?type=social`;
const routes = [
  { label: "GET /healthz", url: "/healthz" },
  { label: "feed, 25 km around a city", url: `${base}&lat=30.1&lng=-119.9&radius=25` },
  { label: "feed, no position, music", url: `${base}&filter=music` },
  { label: "feed, search 'event 12'", url: `${base}&q=event%2012` },
];
const cookie = me.cookie;

async function measure(url: string, concurrency: number) {
  const latencies: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  let failures = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const s = performance.now();
      const res = await app.inject({ method: "GET", url, headers: { cookie } });
      latencies.push(performance.now() - s);
      if (res.statusCode !== 200) failures += 1;
    }
  };
  const begin = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { requests: latencies.length, failures, p50: pct(50), p99: pct(99), rps: latencies.length / elapsed };
}

// One sample of each feed route: page size and chip count, so a wrong result shows next to the timing.
const samples: string[] = [];
for (const r of routes.slice(1)) {
  const body = (await app.inject({ method: "GET", url: r.url, headers: { cookie } })).json() as {
    events: unknown[];
    counts: Record<string, number>;
  };
  samples.push(`${r.label}: ${body.events.length} events on page one, chips all=${body.counts.all} music=${body.counts.music}`);
}

// The plan of each feed statement: which indexes drive it.
const repo = feedRepository(db);
const user = { userId: me.user.id, type: "social", now: new Date() };
const inputs = { interests: ["hiking", "music"], friendIds: [], freeSlots: [], timezone: "America/New_York" };
const plans = [
  ["25 km", { ...user, position: { lat: 30.1, lng: -119.9, radiusKm: 25 } }, "all"],
  ["no position", user, "music"],
  ["search", { ...user, q: "event 12" }, "all"],
] as const;
const planLines: string[] = [];
for (const [label, criteria, filter] of plans) {
  const plan = await repo.explainFeed(criteria, inputs, filter, true);
  const indexes = [...new Set(plan.match(/\b(?:Index|Index Only|Bitmap Index) Scan (?:using |on )?\w+/g) ?? [])];
  const seq = [...new Set(plan.match(/Seq Scan on \w+/g) ?? [])];
  const time = plan.match(/Execution Time: ([\d.]+) ms/)?.[1];
  planLines.push(`${label.padEnd(12)} ${time} ms  ${indexes.join(", ")}${seq.length ? `; ${seq.join(", ")}` : ""}`);
}

const results: Array<{ level: number; label: string } & Awaited<ReturnType<typeof measure>>> = [];
for (const level of LEVELS) {
  for (const r of routes) results.push({ level, label: r.label, ...(await measure(r.url, level)) });
}

console.log(`\nLink feed benchmark on ${database.kind}: ${EVENTS} events, ${USERS} users, seeded in ${(seedMs / 1000).toFixed(1)} s`);
for (const line of samples) console.log(`  ${line}`);
console.log("\nEXPLAIN ANALYZE of the feed statement (execution time, indexes; a seq scan on an empty table is expected):");
for (const line of planLines) console.log(`  ${line}`);
console.log(`\n${SECONDS} s per route and concurrency level`);
console.log("conc  route                          requests  fail   p50 ms   p99 ms    req/s  p50/healthz");
for (const r of results) {
  const healthz = results.find((h) => h.level === r.level && h.label === routes[0].label);
  const ratio = healthz ? (r.p50 / healthz.p50).toFixed(1) : "";
  console.log(
    `${String(r.level).padStart(4)}  ${r.label.padEnd(29)}${String(r.requests).padStart(9)}${String(r.failures).padStart(6)}${r.p50.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${r.rps.toFixed(0).padStart(9)}${ratio.padStart(13)}`,
  );
}
console.log(`\ntotal ${(Date.now() - started) / 1000} s`);
await app.close();
await bus.close();
await database.close();
await drop();
