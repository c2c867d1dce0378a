import { describe, expect, it } from "vitest";
import { type RosterRow, rosterCache } from "./rosters";

const person = (userId: number, seq: number, listed = true): RosterRow => ({
  userId,
  seq,
  listed,
  offering: [],
  seeking: [],
  offeringTerms: [],
  seekingTerms: [],
  interests: ["jazz"],
  skills: [],
  about: [],
  free: false,
});

/** A load whose answers the test releases one at a time, recording what was asked. */
function controlledLoad() {
  const asked: Array<{ since: number | null; answer: (rows: RosterRow[]) => void }> = [];
  return {
    asked,
    load: (_eventId: number, since: number | null) =>
      new Promise<RosterRow[]>((answer) => {
        asked.push({ since, answer });
      }),
  };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("an event's kept list of people", () => {
  it("reads only what changed, and an old list is read whole again in the background while it keeps serving", async () => {
    let clock = 0;
    const { asked, load } = controlledLoad();
    const cache = rosterCache({ load, now: () => clock });

    const first = cache.get(1, 2);
    await settle();
    asked[0].answer([person(10, 1), person(11, 2)]);
    const roster = await first;
    expect(asked[0].since).toBeNull();
    expect(roster.has(10) && roster.has(11)).toBe(true);

    // Someone opts out: the next request reads the rows after the list's version only.
    const second = cache.get(1, 3);
    await settle();
    expect(asked[1].since).toBe(2);
    asked[1].answer([person(11, 3, false)]);
    expect((await second).has(11)).toBe(false);

    // A minute later the list is read whole again, but the request does not wait for it.
    clock = 61_000;
    const third = cache.get(1, 3);
    await settle();
    expect(asked[2].since).toBeNull();
    expect(await third).toBe(roster);
    expect(asked).toHaveLength(3);

    // Once read, the whole list replaces the old one.
    asked[2].answer([person(10, 1), person(12, 4)]);
    await settle();
    const fresh = await cache.get(1, 4);
    expect(fresh).not.toBe(roster);
    expect(fresh.has(12)).toBe(true);
    expect(asked).toHaveLength(3);
  });
});
