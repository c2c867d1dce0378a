import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "#server/modules/notifications/schema";
import { instancesAvailable, instancesForSuite, needsPostgresTier } from "#server/test/instances";
import { as, registerUser } from "#server/test/test-app";

if (!instancesAvailable) console.log(`reminder instances test skipped: ${needsPostgresTier}`);

describe.skipIf(!instancesAvailable)("the reminder worker on two instances sharing PostgreSQL", () => {
  const instances = instancesForSuite(2);

  it("sends each reminder once, however the rounds of the two instances interleave", async () => {
    const [one, two] = instances;
    const host = await registerUser(one.app);
    const guests = await Promise.all([1, 2, 3, 4].map(() => registerUser(one.app)));
    const date = new Date(Date.now() + 3 * 86_400_000);
    date.setUTCHours(20, 0, 0, 0);
    const events: number[] = [];
    for (const title of ["Twin A", "Twin B", "Twin C"]) {
      const res = await as(
        one.app,
        host.cookie,
      )({
        method: "POST",
        url: "/api/events",
        payload: {
          title,
          description: "x",
          date: date.toISOString(),
          location: "Hall",
          hostId: host.user.id,
          type: "social",
          friendGroupId: "all",
        },
      });
      events.push(res.json().id);
      for (const g of guests) {
        await as(
          two.app,
          g.cookie,
        )({
          method: "POST",
          url: "/api/event-participants",
          payload: { eventId: res.json().id, userId: g.user.id, status: "going" },
        });
      }
    }
    const dayBefore = new Date(date.getTime() - 1440 * 60_000 + 30_000);
    // Both instances' workers at the same moment, several rounds each at once.
    const sent = await Promise.all(
      [one, two, one, two, one, two].map((instance) => instance.app.workers.reminders.runOnce(dayBefore)),
    );
    // 3 events x (4 guests + host) reminders, and 3 host summaries.
    expect(sent.reduce((a, b) => a + b, 0)).toBe(18);
    const people = [host, ...guests].map((p) => p.user.id);
    const rows = await one.database.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.userId, people), eq(notifications.type, "event_reminder")));
    expect(rows).toHaveLength(18);
    for (const g of guests) {
      const titles = rows.filter((r) => r.userId === g.user.id).map((r) => r.title);
      expect(titles.sort()).toEqual(["Twin A", "Twin B", "Twin C"].map((t) => `${t} starts in 1 day · Hall`));
    }
    expect(events).toHaveLength(3);
  });
});
