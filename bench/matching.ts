import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { testConfig } from "../src/server/config";
import { type Database, openDatabase } from "../src/server/db/client";
import { optInEveryoneGoing } from "../src/server/modules/matching/repository";
import { createInProcessBus } from "../src/server/realtime/bus";
import { freshDatabaseUrl } from "../src/server/test/test-app";
import { autocannon, type LoadRun } from "./load";
import { startProfile } from "./profile";

const { values: opts } = parseArgs({
  options: {
    tier: { type: "string", multiple: true },
    size: { type: "string", multiple: true },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    people: { type: "string", default: "200" },
    profile: { type: "string" },
  },
});
const tiers = (opts.tier ?? (process.env.TEST_DATABASE_URL ? ["postgres", "pglite"] : ["pglite"])) as Array<
  "postgres" | "pglite"
>;
const sizes = (opts.size ?? ["2000", "20000"]).map(Number);
const SECONDS = Number(opts.seconds);
const CONNECTIONS = Number(opts.connections);
const loadOptions = { connections: CONNECTIONS, seconds: SECONDS };
const PEOPLE = Number(opts.people);
if (tiers.includes("postgres") && !process.env.TEST_DATABASE_URL) {
  console.error("bench: --tier postgres needs TEST_DATABASE_URL (a server where it may create and drop a database)");
  process.exit(2);
}

async function benchDatabaseUrl(tier: "postgres" | "pglite") {
  if (tier === "postgres") return freshDatabaseUrl();
  const folder = mkdtempSync(path.join(os.tmpdir(), "link-matching-bench-"));
  return { url: folder, drop: async () => rmSync(folder, { recursive: true, force: true }) };
}

const words = (stem: string, n: number) => Array.from({ length: n }, (_, i) => `${stem}${i}`);
const PHRASES = [
  ...["product design", "seed investors", "a cofounder", "backend engineering", "growth marketing", "user research"],
  ...["mobile apps", "data science", "machine learning", "sales leads", "legal advice", "hiring engineers"],
  ...["fundraising", "mentoring", "public speaking", "brand strategy", "cloud infrastructure", "security audits"],
  ...["open source", "community building", "customer support", "payments", "logistics", "climate tech"],
  ...["health tech", "education", "hardware", "robotics", "game design", "music production"],
  ...words("niche topic ", 30),
];
const INTERESTS = [
  ...["hiking", "jazz", "yoga", "cooking", "chess", "running", "cycling", "photography", "travel", "reading"],
  ...words("interest", 20),
];
const SKILLS = [...["design", "typescript", "sql", "pitching", "negotiation", "writing"], ...words("skill", 24)];
const PROFESSIONS = [
  ...["Product designer", "Software engineer", "Investor", "Founder", "Data scientist", "Marketer", "Recruiter"],
  ...["Lawyer", "Teacher", "Nurse", "Architect", "Journalist", "Accountant", "Consultant", "Researcher"],
  ...["Photographer", "Chef", "Musician", "Analyst", "Engineer"],
];
const BIO_WORDS = [
  ...["startups", "climate", "design", "education", "health", "music", "travel", "systems", "markets", "community"],
  ...["growth", "research", "robots", "payments", "cities", "food", "energy", "privacy", "games", "writing"],
  ...Array.from({ length: 180 }, (_, i) => `topic${i}`),
];

/** The event and its N opted-in guests; returns the event and the session cookies of the first `viewers`. */
async function seed(db: Database["db"], size: number, viewers: number) {
  const pick = (list: string[]) => JSON.stringify(list);
  await db.execute(sql`
    insert into users (full_name, username, email, password_hash, latitude, longitude, timezone, profession, bio,
      interests, skills, offering, seeking)
    select 'Guest ' || g, 'guest_' || g, 'guest_' || g || '@example.com', 'x', '', '', 'UTC',
      ${pick(PROFESSIONS)}::jsonb ->> (g % 20),
      (select string_agg(${pick(BIO_WORDS)}::jsonb ->> ((g * 7 + k * 31) % 200), ' ') from generate_series(1, 8) k),
      jsonb_build_array(${pick(INTERESTS)}::jsonb ->> (g % 10), ${pick(INTERESTS)}::jsonb ->> (10 + (g / 3) % 10),
        ${pick(INTERESTS)}::jsonb ->> (20 + (g * 7) % 10)),
      jsonb_build_array(${pick(SKILLS)}::jsonb ->> (g % 15), ${pick(SKILLS)}::jsonb ->> (15 + (g / 5) % 15)),
      jsonb_build_array(${pick(PHRASES)}::jsonb ->> (g % 60), ${pick(PHRASES)}::jsonb ->> ((g * 11 + 1) % 60)),
      jsonb_build_array(${pick(PHRASES)}::jsonb ->> ((g + 1) % 60), ${pick(PHRASES)}::jsonb ->> ((g * 13 + 5) % 60))
    from generate_series(1, ${size + 1}) g`);
  const ids = await db.execute(sql`select min(id) as first from users where username like 'guest\\_%'`);
  const first = Number((ids as unknown as { rows: Array<{ first: number }> }).rows[0].first);
  const hostId = first + size;
  const starts = new Date(Date.now() + 2 * 86_400_000);
  starts.setUTCHours(18, 0, 0, 0);
  const made = await db.execute(sql`
    insert into events (title, description, date, host_id, type, latitude, longitude, location, matchmaking,
      meeting_slot_minutes, meeting_spots)
    values ('Bench mixer', 'A generated networking event', ${starts.toISOString()}::timestamptz, ${hostId},
      'networking', '', '', 'Bench Hall', true, 15, '{"Table 1","Table 2"}')
    returning id`);
  const eventId = Number((made as unknown as { rows: Array<{ id: number }> }).rows[0].id);
  await db.execute(sql`
    insert into event_participants (event_id, user_id, status)
    select ${eventId}, u.id, 'going' from users u where u.id >= ${first} and u.id < ${hostId}`);
  await db.execute(sql`update events set going_count = ${size} where id = ${eventId}`);
  await db.execute(sql`
    insert into friendships (requester_id, addressee_id, status)
    select a, b, 'accepted' from (
      select u.id as a, ${first} + ((u.id * 31 + k * 977) % ${size}) as b
      from users u, generate_series(1, 5) k where u.id >= ${first} and u.id < ${hostId}) pairs
    where a <> b
    on conflict do nothing`);
  await db.execute(sql`
    insert into availability (user_id, date, timeslots)
    select u.id, ${starts.toISOString().slice(0, 10)}::date, '["evening"]'::jsonb
    from users u where u.id >= ${first} and u.id < ${hostId} and u.id % 2 = 0 on conflict do nothing`);
  await optInEveryoneGoing(db, [eventId]);
  await db.execute(sql`
    insert into sessions (id_hash, user_id, expires_at)
    select encode(sha256(convert_to('bench-session-' || u.id, 'UTF8')), 'hex'), u.id, now() + interval '1 day'
    from users u where u.id >= ${first} and u.id < ${first + viewers}`);
  await db.execute(sql`analyze`);
  const cookies = Array.from({ length: viewers }, (_, i) => `link_session=bench-session-${first + i}`);
  return { eventId, cookies };
}

/** The median of `times` single requests over HTTP (no other request in flight). */
async function medianMs(origin: string, url: string, cookies: string[], times: number) {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    const res = await fetch(`${origin}${url}`, { headers: { cookie: cookies[i % cookies.length] } });
    await res.arrayBuffer();
    took.push(performance.now() - t0);
  }
  took.sort((a, b) => a - b);
  return took[Math.floor(times / 2)];
}

interface Row {
  tier: string;
  size: number;
  route: string;
  run: LoadRun;
  healthz: LoadRun;
  /** The host's load average (1 min) when the route's run ended. */
  load: number;
}
const results: Row[] = [];
const single: Array<{ tier: string; size: number; kept: number; firstOfEvent: number }> = [];

for (const tier of tiers) {
  for (const size of sizes) {
    const started = Date.now();
    process.env.DB_TIER = tier;
    const { url, drop } = await benchDatabaseUrl(tier);
    const database = await openDatabase(url, { poolMax: testConfig().DATABASE_POOL_MAX });
    const bus = createInProcessBus();
    const app = await buildApp({ config: testConfig({ AUTH_RATE_LIMIT: 100_000 }), database, bus });
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    const t0 = Date.now();
    const viewers = Math.max(1, Math.min(PEOPLE, size));
    const { eventId, cookies } = await seed(database.db, size, viewers);
    const matchesPath = `/api/events/${eventId}/matches`;
    console.log(
      `\n== ${tier === "pglite" ? "pglite in a folder on disk" : tier}, ${size} opted-in attendees: seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    // The event's first request reads its whole list of people; the ones after read only what changed.
    const t1 = performance.now();
    const first = await fetch(`${origin}${matchesPath}`, { headers: { cookie: cookies[0] } });
    const firstOfEvent = performance.now() - t1;
    if (first.status !== 200) throw new Error(`matches answered ${first.status}: ${await first.text()}`);
    const page = (await first.json()) as {
      matches: Array<{ score: number; reasons: Array<{ kind: string; text: string }> }>;
    };
    const bytes = JSON.stringify(page).length;
    console.log(
      `  one answer: ${page.matches.length} matches, scores ${page.matches.map((m) => m.score).join(",")}, ${(bytes / 1024).toFixed(1)} KB; first reasons: ${page.matches[0]?.reasons.map((r) => r.text).join(" | ")}`,
    );
    // Sessions into the instance's session cache, as people who have the app open.
    for (const cookie of cookies) await fetch(`${origin}/api/user`, { headers: { cookie } });
    const runs: Array<{ label: string; pairs: Array<[string, string]> }> = [
      { label: "one person, again and again", pairs: [[matchesPath, cookies[0]]] },
      { label: `${viewers} people round-robin`, pairs: cookies.map((c): [string, string] => [matchesPath, c]) },
    ];
    for (const r of runs) {
      const healthz = await autocannon(origin, [["/healthz", cookies[0]]], loadOptions);
      const profiling = opts.profile ? await startProfile() : null;
      const run = await autocannon(origin, r.pairs, loadOptions);
      const slug = r.label.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
      if (profiling)
        await profiling.stop(path.join(opts.profile as string, `matching-${tier}-${size}-${slug}.cpuprofile`));
      const load = os.loadavg()[0];
      results.push({ tier, size, route: r.label, run, healthz, load });
      console.log(
        `  ${r.label}: ${run.requests} requests, ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms (healthz ${healthz.rps.toFixed(0)} req/s, p99 ${healthz.p99} ms); load ${load.toFixed(1)}${run.non2xx || run.errors ? `, ${run.non2xx} non-2xx, ${run.errors} errors` : ""}`,
      );
    }
    const kept = await medianMs(origin, matchesPath, cookies, 41);
    single.push({ tier, size, kept, firstOfEvent });
    console.log(
      `  one request at a time: median ${kept.toFixed(1)} ms (kept list), the event's first ${firstOfEvent.toFixed(1)} ms`,
    );
    await app.close();
    await bus.close();
    await database.close();
    await drop();
    console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s for this size)`);
  }
}

const f = (n: number, d = 0) => n.toFixed(d);
console.log(
  `\nGET /api/events/{id}/matches over HTTP, ${CONNECTIONS} connections, ${SECONDS} s per route, each after a /healthz run on the same server`,
);
console.log("Targets: >= 0.10 x healthz req/s at 2 000 opted in; at 20 000 a request costs under 3 x the 2 000 case.");
console.log(
  "tier      people  route                              req/s   p50   p99 | healthz req/s  p99 | rps ratio  cost vs smallest | load",
);
for (const r of results) {
  const smallest = results.find((x) => x.tier === r.tier && x.route === r.route);
  // Cost per request, each against its own /healthz run: a loaded minute moves both alike.
  const cost = (x: Row) => x.healthz.rps / Math.max(x.run.rps, 1e-9);
  const vs = smallest && smallest !== r ? f(cost(r) / cost(smallest), 2) : "";
  console.log(
    `${r.tier.padEnd(8)}${String(r.size).padStart(8)}  ${r.route.padEnd(33)}${f(r.run.rps).padStart(7)}${String(r.run.p50).padStart(6)}${String(r.run.p99).padStart(6)} |${f(r.healthz.rps).padStart(14)}${String(r.healthz.p99).padStart(5)} |${f(r.run.rps / r.healthz.rps, 3).padStart(10)}${vs.padStart(18)} |${f(r.load, 1).padStart(5)}`,
  );
}
for (const tier of tiers) {
  const rows = single.filter((x) => x.tier === tier);
  const [small, large] = [rows[0], rows.at(-1)];
  if (!small || !large || small === large) continue;
  console.log(
    `${tier}: one request, ${large.size} vs ${small.size} opted in (median of 41): ${(large.kept / small.kept).toFixed(2)} x; the event's first request ${(large.firstOfEvent / small.firstOfEvent).toFixed(2)} x`,
  );
}
process.exit(0);
