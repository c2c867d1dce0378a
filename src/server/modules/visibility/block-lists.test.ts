import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "#server/modules/events/schema";
import { openSocket } from "#server/realtime/socket-test-client";
import { eventFixtures, inDays, type Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";

/**
 * A block makes each side as if gone to the other in a person's own lists too: an event whose host and
 * the person blocked each other leaves their event lists, calendar feed, groups (its guests'
 * conversation) and the socket's group list, whoever blocked, also for answers given before the block and
 * events already past (which no seat release touches). Someone else's event the other person co-hosts stays.
 */
const t = testAppForSuite({}, { listen: true });
const { signUp, createEvent, participate } = eventFixtures(() => t);

/** Everything the person's own lists answer, as one text. */
async function ownLists(who: Who) {
  const { url } = (await who.call({ method: "GET", url: "/api/calendar/subscription" })).json() as { url: string };
  const feed = await t.app.inject({ method: "GET", url: new URL(url).pathname });
  expect(feed.statusCode).toBe(200);
  const socket = await openSocket(t.base, who.cookie);
  socket.send({ type: "auth" });
  const hello = await socket.next("auth_success", undefined, 15_000);
  await socket.close();
  const reads = await Promise.all(
    [`/api/events/user?userId=${who.id}`, `/api/events/user/${who.id}`, "/api/groups/user"].map(async (path) => {
      const res = await who.call({ method: "GET", url: path });
      expect(res.statusCode).toBe(200);
      return `${path}: ${res.body}`;
    }),
  );
  return [...reads, `feed: ${feed.body}`, `socket: ${JSON.stringify(hello)}`].join("\n");
}

describe("a person's own lists across a block", () => {
  it("leave out events whose host and the person blocked each other, and their conversations; not a co-host's", async () => {
    const [host, otherHost, blockedGuest, blockingGuest, bystander] = [
      await signUp(),
      await signUp(),
      await signUp(),
      await signUp(),
      await signUp(),
    ];
    const guests = [blockedGuest, blockingGuest, bystander];
    const hosted = await createEvent(host, { title: "Quarry Hike" });
    const cohosted = await createEvent(otherHost, { title: "Cellar Tasting" });
    expect(
      (
        await otherHost.call({
          method: "POST",
          url: `/api/events/${cohosted.id}/cohosts`,
          payload: { userId: host.id },
        })
      ).statusCode,
    ).toBe(201);
    for (const who of guests) {
      expect((await participate(who, hosted.id, "going")).statusCode).toBe(201);
      expect((await participate(who, cohosted.id, "going")).statusCode).toBe(201);
    }
    // The first update opens the guests' conversations, with every guest going in them.
    for (const [author, event] of [
      [host, hosted],
      [otherHost, cohosted],
    ] as const)
      expect(
        (
          await author.call({
            method: "POST",
            url: `/api/events/${event.id}/updates`,
            payload: { message: "See you" },
          })
        ).statusCode,
      ).toBe(201);
    // The hike took place yesterday: a block releases no seat of a past event, the lists still apply the rule.
    await t.database.db
      .update(events)
      .set({ date: inDays(-1) })
      .where(eq(events.id, hosted.id));
    for (const who of guests) {
      const lists = await ownLists(who);
      expect(lists).toContain("Quarry Hike");
      expect(lists).toContain("Cellar Tasting");
    }

    const block = async (blocker: Who, other: Who) =>
      expect(
        (await blocker.call({ method: "POST", url: "/api/blocks", payload: { userId: other.id } })).statusCode,
      ).toBe(200);
    await block(host, blockedGuest);
    await block(blockingGuest, host);

    // The host's own event goes; the event the host only co-hosts is the other host's, and stays for both.
    for (const who of [blockedGuest, blockingGuest]) {
      const lists = await ownLists(who);
      expect(lists).not.toContain("Quarry Hike");
      expect(lists).toContain("Cellar Tasting");
    }
    const seenByBystander = await ownLists(bystander);
    expect(seenByBystander).toContain("Quarry Hike");
    expect(seenByBystander).toContain("Cellar Tasting");
    // The other host keeps their own event: only the two sides of the block lose it.
    expect(await ownLists(otherHost)).toContain("Cellar Tasting");
  });
});
