import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES, type CategoryId } from "#contract/categories";
import { events } from "#server/modules/events/schema";
import { eventFixtures, inDays } from "#server/test/factories";
import { createTestApp, type TestApp } from "#server/test/test-app";
import { createCellPool } from "./cell-pool";
import type { FeedRange } from "./cursor";
import { feedTestKit } from "./feed-test-kit";
import { cellsCovering, type FeedCriteria, type FeedWindow, type ScoreInputs } from "./ranking-sql";
import { discoverRepository } from "./repository";
import { rankWindow } from "./window-ranking";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { signUp } = eventFixtures(() => t);
const { insertEvent, feed } = feedTestKit(() => t);

/** A window as both rankings must give it: rows (distances to the metre), counts, size, end and `more`. */
const comparable = (w: FeedWindow | null) =>
  w && {
    ...w,
    rows: w.rows.map((r) => ({ ...r, distance_km: Math.round(Number(r.distance_km) * 1000) })),
    counts: Object.fromEntries(CATEGORIES.map((c) => [c.id, Number(w.counts[c.id] ?? 0)])),
  };

describe("a city window ranked in memory from the kept cells", () => {
  it("is the SQL window: same candidates, scores, order, chip counts, end and more", async () => {
    const me = await signUp();
    const [followed, blocked, friendA, friendB, other] = await Promise.all([1, 2, 3, 4, 5].map(() => signUp()));
    const db = t.database.db;
    const origin = { lat: 58.37, lng: 26.72 };
    const tags = ["music", "Hiking", "wine", "college", "art", "games", "yoga", "concert", "food", "outdoor"];
    const hosts = [
      followed.id,
      other.id,
      other.id,
      me.id,
      friendA.id,
      other.id,
      blocked.id,
      other.id,
      other.id,
      other.id,
    ];
    // 1 400 events within about 25 km, over 40 days from tomorrow's midnight UTC: past one window (500) and
    // one scan (1 000). Anchored to a UTC day, not to now, so which of them fall in the free evenings (18-21
    // UTC) does not depend on the hour the test runs.
    await db.execute(sql`
      insert into events (title, description, date, host_id, type, lat, lng, tags, max_attendees, going_count)
      select case when g % 13 = 0 then 'Our 20s night ' || g else 'City event ' || g end, 'd',
        date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' + interval '1 day'
          + (g * 41 % 960) * interval '1 hour' + (g % 7) * interval '1 minute',
        (${JSON.stringify(hosts)}::jsonb ->> (g % 10))::int, 'social',
        ${origin.lat} + ((g * 37 % 100) - 50) * 0.004, ${origin.lng} + ((g * 53 % 100) - 50) * 0.007,
        array[(${JSON.stringify(tags)}::jsonb ->> (g % 10)), (${JSON.stringify(tags)}::jsonb ->> (g * 7 % 10))],
        case when g % 9 = 0 then 2 else null end, case when g % 18 = 0 then 2 else 0 end
      from generate_series(1, 1400) g`);
    const ids = (
      (await db.execute(
        sql`select id from events where lat between ${origin.lat - 0.5} and ${origin.lat + 0.5} and lng between ${origin.lng - 0.6} and ${origin.lng + 0.6} order by id`,
      )) as unknown as { rows: Array<{ id: number }> }
    ).rows.map((r) => r.id);
    // Series of three occurrences, answers and passes, friends going, a block, a follow, free evenings.
    await db.execute(
      sql`update events set series_id = ${ids[0]} where id = any(${`{${ids
        .slice(0, 30)
        .filter((_, i) => i % 10 < 3)
        .join(",")}}`}::int[])`,
    );
    await db.execute(
      sql`update events set series_id = ${ids[100]} where id = any(${`{${[ids[100], ids[101], ids[400]].join(",")}}`}::int[])`,
    );
    await db.execute(sql`insert into event_interactions (user_id, event_id, action)
      select ${me.id}, id, 'declined' from events where id = any(${`{${ids.filter((_, i) => i % 11 === 0).join(",")}}`}::int[])`);
    await db.execute(sql`insert into event_participants (user_id, event_id, status)
      select ${me.id}, id, 'going' from events where id = any(${`{${ids.filter((_, i) => i % 17 === 1).join(",")}}`}::int[])`);
    for (const friend of [friendA, friendB])
      await db.execute(sql`insert into event_participants (user_id, event_id, status)
        select ${friend.id}, id, 'going' from events where id = any(${`{${ids.filter((_, i) => i % 6 === (friend === friendA ? 2 : 3) || i % 8 === 2).join(",")}}`}::int[])
        and host_id <> ${friend.id}`);
    await db.execute(sql`insert into user_blocks (blocker_id, blocked_id) values (${me.id}, ${blocked.id})`);
    await db.execute(sql`insert into friendships (requester_id, addressee_id, status)
      values (${me.id}, ${friendA.id}, 'accepted'), (${friendB.id}, ${me.id}, 'accepted')`);

    const repo = discoverRepository(db);
    const inputs: ScoreInputs = {
      interests: ["music", "hiking", "yoga"],
      friendIds: [friendA.id, friendB.id],
      followedIds: [followed.id],
      freeRanges: Array.from({ length: 40 }, (_, d) => {
        const day = new Date(Date.now() + d * 86_400_000);
        day.setUTCHours(18, 0, 0, 0);
        return [day, new Date(day.getTime() + 3 * 3_600_000)] as [Date, Date];
      }),
    };
    const { newestEventId } = (await repo.rankingInputs(me.id)) ?? { newestEventId: 0 };
    const cells = createCellPool(repo.upcomingInCells);
    const now = new Date();

    async function both(
      c: FeedCriteria & { position: NonNullable<FeedCriteria["position"]> },
      filter: CategoryId,
      range: FeedRange,
    ) {
      const covering = cellsCovering(c.position.lat, c.position.lng, c.position.radiusKm);
      const kept = covering && (await cells.events(c.type, covering, newestEventId, c.now));
      expect(kept).toBeTruthy();
      const memory = await rankWindow({
        ...(kept as NonNullable<typeof kept>),
        criteria: c,
        inputs,
        filter,
        range,
        personal: () => repo.personalFacts(me.id),
      });
      const inSql = await repo.feedWindow(c, inputs, filter, range);
      expect(comparable(memory)).toEqual(comparable(inSql));
      return inSql;
    }

    const base = { userId: me.id, type: "social", now, position: { ...origin, radiusKm: 25 } };
    const first = await both(base, "all", { after: null, end: null });
    expect(first.size).toBe(500);
    expect(first.more).toBe(true);
    expect(first.rows.some((r) => r.friends_going > 0 && r.fits && r.followed)).toBe(true);
    for (const filter of ["music", "20s", "30+"] as CategoryId[]) await both(base, filter, { after: null, end: null });
    // The next window, and the first one bounded by its end (what the next page asks for).
    const second = await both(base, "all", { after: first.end, end: null });
    await both(base, "all", { after: second.end, end: null });
    await both(base, "all", { after: null, end: first.end });
    // Smaller radii, "when I'm free" and another position inside the city.
    await both({ ...base, position: { ...origin, radiusKm: 5 } }, "all", { after: null, end: null });
    await both({ ...base, position: { lat: origin.lat + 0.1, lng: origin.lng - 0.2, radiusKm: 10 } }, "all", {
      after: null,
      end: null,
    });
    await both({ ...base, within: inputs.freeRanges.slice(0, 10) }, "all", { after: null, end: null });
    await both({ ...base, within: [] }, "all", { after: null, end: null });
  });

  it("takes in a new event at once, and never serves one cancelled, hidden or filled since the cells were read", async () => {
    const [host, first, second] = [await signUp(), await signUp(), await signUp()];
    const spot = { lat: -33.45, lng: -70.66 };
    const at = `?type=social&lat=${spot.lat}&lng=${spot.lng}&radius=25&limit=50`;
    const titles = async (who: typeof first) => (await feed(who, at)).events.map((e) => e.title);
    const made = [];
    for (const [i, title] of ["Cell cancel", "Cell hide", "Cell fill", "Cell keep"].entries())
      made.push(await insertEvent(host.id, { title, date: inDays(1 + i), ...spot }));
    expect(await titles(first)).toEqual(["Cell cancel", "Cell hide", "Cell fill", "Cell keep"]);
    // The cells are kept now; a new event is the newest id, so the next window reads them again.
    await insertEvent(host.id, { title: "Cell new", date: inDays(6), ...spot });
    expect(await titles(second)).toEqual(["Cell cancel", "Cell hide", "Cell fill", "Cell keep", "Cell new"]);
    const [cancel, hide, fill] = made;
    expect((await host.call({ method: "DELETE", url: `/api/events/${cancel.id}` })).statusCode).toBe(200);
    await t.database.db.update(events).set({ hiddenAt: new Date() }).where(eq(events.id, hide.id));
    await t.database.db.update(events).set({ maxAttendees: 1, goingCount: 1 }).where(eq(events.id, fill.id));
    const third = await signUp();
    expect(await titles(third)).toEqual(["Cell keep", "Cell new"]);
    expect(await titles(first)).toEqual(["Cell keep", "Cell new"]);
  });
});
