import { expect } from "vitest";
import type { FeedResponse } from "#contract/events";
import { events } from "#server/modules/events/schema";
import { inDays, type Who } from "#server/test/factories";
import type { TestApp } from "#server/test/test-app";

/** The feed suites' helpers for a test file's app (`app` is read at call time: the file makes it in beforeAll). */
export function feedTestKit(app: () => TestApp) {
  return {
    /** Inserts an event row directly for feed cases the API cannot make (past dates, coordinates). */
    async insertEvent(hostId: number, values: Partial<typeof events.$inferInsert> = {}) {
      const [row] = await app()
        .database.db.insert(events)
        .values({ title: "Row event", description: "d", date: inDays(2), hostId, type: "social", ...values })
        .returning();
      return row;
    },
    /** GET the user's own feed with a query string; expects a 200. */
    async feed(who: Who, query = "") {
      const res = await who.call({ method: "GET", url: `/api/events/swipe/${who.id}${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as FeedResponse;
    },
  };
}
