import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedResponse } from "#contract/events";
import { events } from "#server/modules/events/schema";
import { eventFixtures, inDays, type Who } from "#server/test/factories";
import { createTestApp, type TestApp } from "#server/test/test-app";
import { feedTestKit } from "./feed-test-kit";
import { pageTagCounts } from "./page-tags";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { signUp, participate } = eventFixtures(() => t);
const { insertEvent } = feedTestKit(() => t);

/** A spot of its own per test (a degree of latitude apart), so no test sees another's events. */
let spots = 0;
const newSpot = () => ({ lat: -30 + spots++, lng: 20.5 });

/** The person's first page 25 km around the spot, conditional when a tag is given. */
async function ask(who: Who, spot: { lat: number; lng: number }, tag?: string) {
  return who.call({
    method: "GET",
    url: `/api/events/swipe/${who.id}?type=social&lat=${spot.lat}&lng=${spot.lng}&radius=25`,
    headers: tag ? { "if-none-match": tag } : {},
  });
}
const titles = (res: { json(): unknown }) => (res.json() as FeedResponse).events.map((e) => e.title);

/** A first page with its tag, and the proof that asking again with it is answered 304 with nothing in it. */
async function tagged(who: Who, spot: { lat: number; lng: number }) {
  const first = await ask(who, spot);
  expect(first.statusCode, first.body).toBe(200);
  const tag = first.headers.etag as string;
  expect(tag).toMatch(/^"[\w-]{27}"$/);
  const again = await ask(who, spot, tag);
  expect(again.statusCode, again.body).toBe(304);
  expect(again.body).toBe("");
  expect(again.headers["content-length"]).toBeUndefined();
  return { first, tag };
}

/** Two events at the spot by a host, the first with someone going. */
async function world() {
  const me = await signUp();
  const host = await signUp();
  const guest = await signUp();
  const spot = newSpot();
  const one = await insertEvent(host.id, { title: "Etag one", date: inDays(1), ...spot });
  const two = await insertEvent(host.id, { title: "Etag two", date: inDays(2), ...spot });
  expect((await participate(guest, one.id, "going")).statusCode).toBe(201);
  return { me, host, guest, spot, one, two };
}

describe("the feed's ETag", () => {
  it("answers a repeated request 304 while nothing changed, revalidated always and per person", async () => {
    const { me, spot } = await world();
    const { first, tag } = await tagged(me, spot);
    expect(titles(first)).toEqual(["Etag one", "Etag two"]);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    expect(first.headers.vary).toContain("cookie");
    // The same page asked again unconditionally carries the same tag.
    expect((await ask(me, spot)).headers.etag).toBe(tag);
    // Someone else sending that tag for their own feed gets their own page.
    const other = await signUp();
    const theirs = await ask(other, spot, tag);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers.etag).not.toBe(tag);
    // A tag that was never given is answered in full.
    expect((await ask(me, spot, '"never-given-never-given-nev"')).statusCode).toBe(200);
  });

  it("serves the same person their kept first page again as written, revalidated, and nobody else", async () => {
    const { me, spot } = await world();
    const { first, tag } = await tagged(me, spot);
    const served = pageTagCounts.keptServed;
    const again = await ask(me, spot);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(tag);
    expect(again.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(pageTagCounts.keptServed).toBe(served + 1);
    // Another person at the same spot and query gets a page of their own.
    const other = await signUp();
    const theirs = await ask(other, spot);
    expect(theirs.headers.etag).not.toBe(tag);
    expect(pageTagCounts.keptServed).toBe(served + 1);
  });
});

/**
 * After each change the person asks again with the tag they hold (a 304 must not vouch for the old page) or
 * without one (the kept first page must not be served): either way they get the page the change makes.
 */
describe.each(["with the tag", "without a tag"] as const)("the feed after a change, asked %s", (how) => {
  const askAgain = (who: Who, spot: { lat: number; lng: number }, tag: string) =>
    how === "with the tag" ? ask(who, spot, tag) : ask(who, spot);
  it("changes after the person's swipe", async () => {
    const { me, spot, one } = await world();
    const { tag } = await tagged(me, spot);
    const swipe = await me.call({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: one.id, userId: me.id, status: "declined" },
    });
    expect(swipe.statusCode, swipe.body).toBe(201);
    const after = await askAgain(me, spot, tag);
    expect(after.statusCode).toBe(200);
    expect(titles(after)).toEqual(["Etag two"]);
    expect(after.headers.etag).not.toBe(tag);
  });

  it("changes after a new event in the person's city, made through the app or written outside it", async () => {
    const { me, host, spot } = await world();
    const { tag } = await tagged(me, spot);
    const made = await host.call({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Etag made",
        description: "d",
        date: inDays(3).toISOString(),
        type: "social",
        location: "Plaza",
        latitude: String(spot.lat),
        longitude: String(spot.lng),
        hostId: host.id,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const after = await askAgain(me, spot, tag);
    expect(after.statusCode).toBe(200);
    expect(titles(after)).toEqual(["Etag one", "Etag two", "Etag made"]);
    const newer = after.headers.etag as string;
    await insertEvent(host.id, { title: "Etag row", date: inDays(4), ...spot });
    const outside = await askAgain(me, spot, newer);
    expect(outside.statusCode).toBe(200);
    expect(titles(outside)).toContain("Etag row");
  });

  it("changes when an event of the page is edited, cancelled or hidden", async () => {
    const { me, host, spot, one, two } = await world();
    const { tag } = await tagged(me, spot);
    const edit = await host.call({ method: "PATCH", url: `/api/events/${two.id}`, payload: { title: "Etag renamed" } });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = await askAgain(me, spot, tag);
    expect(edited.statusCode).toBe(200);
    expect(titles(edited)).toEqual(["Etag one", "Etag renamed"]);

    // A moderator's hiding written straight to the row: no event write is heard, the card's check sees it.
    const { tag: before } = await tagged(me, spot);
    await t.database.db.update(events).set({ hiddenAt: new Date() }).where(eq(events.id, one.id));
    const hidden = await askAgain(me, spot, before);
    expect(hidden.statusCode).toBe(200);
    expect(titles(hidden)).toEqual(["Etag renamed"]);

    const { tag: last } = await tagged(me, spot);
    expect((await host.call({ method: "DELETE", url: `/api/events/${two.id}` })).statusCode).toBe(200);
    const cancelled = await askAgain(me, spot, last);
    expect(cancelled.statusCode).toBe(200);
    expect(titles(cancelled)).toEqual([]);
  });

  it("never keeps showing what a block took away: the host's events, or a guest among the attendees", async () => {
    const { me, host, guest, spot } = await world();
    const { first, tag } = await tagged(me, spot);
    const going = (res: { json(): unknown }) =>
      (res.json() as FeedResponse).events.flatMap((e) => e.attendees.map((a) => a.id));
    expect(going(first)).toEqual([guest.id]);
    // The guest blocks the person: the guest leaves the avatars of the page the person kept.
    expect((await guest.call({ method: "POST", url: "/api/blocks", payload: { userId: me.id } })).statusCode).toBe(200);
    const unseen = await askAgain(me, spot, tag);
    expect(unseen.statusCode).toBe(200);
    expect(going(unseen)).toEqual([]);
    expect(titles(unseen)).toEqual(["Etag one", "Etag two"]);
    // The host blocks the person: every event of theirs leaves the page.
    const { tag: next } = await tagged(me, spot);
    expect((await host.call({ method: "POST", url: "/api/blocks", payload: { userId: me.id } })).statusCode).toBe(200);
    const gone = await askAgain(me, spot, next);
    expect(gone.statusCode).toBe(200);
    expect(titles(gone)).toEqual([]);
  });

  it("changes when the host makes the guest list private, or someone else joins", async () => {
    const { me, host, spot, one } = await world();
    const { tag } = await tagged(me, spot);
    await t.database.db.update(events).set({ guestList: "hosts" }).where(eq(events.id, one.id));
    const closed = await askAgain(me, spot, tag);
    expect(closed.statusCode).toBe(200);
    expect((closed.json() as FeedResponse).events[0].attendees).toEqual([]);
    const { tag: next } = await tagged(me, spot);
    const joiner = await signUp();
    expect((await participate(joiner, one.id, "going")).statusCode).toBe(201);
    const joined = await askAgain(me, spot, next);
    expect(joined.statusCode).toBe(200);
    expect((joined.json() as FeedResponse).events[0].attendeeCount).toBe(2);
    void host;
  });
});
