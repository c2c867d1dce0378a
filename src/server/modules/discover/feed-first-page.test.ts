import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedQuerySchema } from "#contract/events";
import { events } from "#server/modules/events/schema";
import { eventFixtures, inDays, participate, type Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";
import { createCellPool } from "./cell-pool";
import { feedTestKit } from "./feed-test-kit";
import { type DiscoverRepository, discoverRepository } from "./repository";
import { discoverService } from "./service";

const t = testAppForSuite();

const { signUp } = eventFixtures(() => t);
const { insertEvent } = feedTestKit(() => t);

/** The repository with every statement counted by name. */
function counted(repo: DiscoverRepository) {
  const calls: string[] = [];
  const wrapped = { ...repo };
  for (const name of [
    "rankingInputs",
    "firstPage",
    "keptCardsCheck",
    "answerableCards",
    "upcomingInCells",
    "feedWindow",
  ] as const) {
    const run = repo[name] as (...args: unknown[]) => Promise<unknown>;
    (wrapped as Record<string, unknown>)[name] = (...args: unknown[]) => {
      calls.push(name);
      return run(...args);
    };
  }
  return { repo: wrapped, calls };
}

const origin = { lat: -33.45, lng: -70.66 };
const query = feedQuerySchema.parse({ type: "social", lat: origin.lat, lng: origin.lng, radius: 25, limit: 50 });

describe("a first page from kept cells and cards", () => {
  it("is one statement, and the same page as one read with nothing kept: attendees, blocks, guest lists, seats", async () => {
    const host = await signUp();
    const guest = await signUp();
    const blocked = await signUp();
    const [first, second] = [await signUp(), await signUp()];
    const at = (title: string, day: number, values: Partial<typeof events.$inferInsert> = {}) =>
      insertEvent(host.id, { title, date: inDays(day), ...origin, ...values });
    const open = await at("First open", 1);
    const hostsOnly = await at("First hosts only", 2, { guestList: "hosts" });
    const full = await at("First full", 3, { maxAttendees: 5 });
    await at("First far", 4, { lat: origin.lat + 1 });
    for (const who of [guest, blocked] as Who[])
      for (const event of [open, hostsOnly, full])
        expect((await participate(who, event.id, "going")).statusCode).toBe(201);
    const block = await second.call({ method: "POST", url: "/api/blocks", payload: { userId: blocked.id } });
    expect(block.statusCode, block.body).toBe(200);

    const { repo, calls } = counted(discoverRepository(t.database.db));
    const cells = createCellPool(repo.upcomingInCells);
    const service = discoverService({ repo, cells });
    // The first person's page reads the city's cells and the cards; the second's is one statement.
    await service.feed(first.id, query);
    expect(calls).toEqual(["rankingInputs", "upcomingInCells", "answerableCards"]);
    // Filled since the cards were kept: no event write tells the cells, the statement's check does.
    await t.database.db.update(events).set({ maxAttendees: 2 }).where(eq(events.id, full.id));
    calls.length = 0;
    const page = await service.feed(second.id, query);
    expect(calls).toEqual(["firstPage"]);

    // (The chips may still count the filled event: kept cells learn of seats only as they age out.)
    const unkept = discoverService({ repo: discoverRepository(t.database.db) });
    expect(page.events).toEqual((await unkept.feed(second.id, query)).events);
    const cards = page.events.filter((e) => e.title.startsWith("First "));
    expect(cards.map((e) => [e.title, e.attendeeCount, e.attendees.map((a) => a.id)])).toEqual([
      ["First open", 2, [guest.id]],
      ["First hosts only", 2, []],
    ]);
  });

  it("with more candidates than one statement checks cheaply: the inputs, then the page's kept cards' check", async () => {
    const host = await signUp();
    const guest = await signUp();
    const [first, second] = [await signUp(), await signUp()];
    const place = { lat: 40.41, lng: -3.7 };
    const rows = [];
    for (let i = 0; i < 70; i++)
      rows.push(await insertEvent(host.id, { title: `Many ${i}`, date: inDays(1 + (i % 20), 10 + (i % 9)), ...place }));
    expect((await participate(guest, rows[0].id, "going")).statusCode).toBe(201);
    const many = { ...query, lat: place.lat, lng: place.lng, limit: 10 };

    const { repo, calls } = counted(discoverRepository(t.database.db));
    const service = discoverService({ repo, cells: createCellPool(repo.upcomingInCells) });
    await service.feed(first.id, many);
    expect(calls).toEqual(["rankingInputs", "upcomingInCells", "answerableCards"]);
    calls.length = 0;
    const page = await service.feed(second.id, many);
    expect(calls).toEqual(["rankingInputs", "keptCardsCheck"]);
    const unkept = discoverService({ repo: discoverRepository(t.database.db) });
    expect(page).toEqual(await unkept.feed(second.id, many));
    expect(page.events[0]).toMatchObject({ id: rows[0].id, attendeeCount: 1, attendees: [{ id: guest.id }] });
  });
});
