import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "#server/modules/notifications/schema";
import { instancesAvailable, instancesForSuite, needsPostgresTier } from "#server/test/instances";
import { as, registerUser } from "#server/test/test-app";

if (!instancesAvailable) console.log(`poll worker instances test skipped: ${needsPostgresTier}`);

const HOUR = 3_600_000;

describe.skipIf(!instancesAvailable)("the poll worker on two instances sharing PostgreSQL", () => {
  const instances = instancesForSuite(2);

  it("sends each nudge and each decision once, however the two instances' sweeps interleave", async () => {
    const [one, two] = instances;
    const people = [await registerUser(one.app), await registerUser(one.app), await registerUser(one.app)];
    const [admin, bob, cara] = people;
    const group = (
      await as(one.app, admin.cookie)({ method: "POST", url: "/api/groups", payload: { name: "Across" } })
    ).json() as { id: number; inviteCode: string };
    for (const p of [bob, cara]) {
      await as(two.app, p.cookie)({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` });
    }
    const decideBy = new Date(Date.now() + 36 * HOUR);
    const created = await as(
      one.app,
      admin.cookie,
    )({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Dinner",
        groupId: group.id,
        decideBy: decideBy.toISOString(),
        options: [
          { date: new Date(Date.now() + 48 * HOUR).toISOString(), location: "Noodle bar" },
          { date: new Date(Date.now() + 72 * HOUR).toISOString(), location: "Taqueria" },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const eventId = created.json().id as number;
    const plan = (
      await as(two.app, bob.cookie)({ method: "GET", url: `/api/groups/${group.id}/events/${eventId}` })
    ).json();
    await as(
      two.app,
      bob.cookie,
    )({
      method: "POST",
      url: `/api/groups/${group.id}/events/${eventId}/vote`,
      payload: { optionId: plan.options[1].id, vote: "yes" },
    });

    const sweepBoth = async (at: Date) => {
      for (let round = 0; round < 3; round++) {
        await Promise.all([one.app.workers.polls.sweep(at), two.app.workers.polls.sweep(at)]);
      }
    };
    // Each database is fresh, so a title names this poll's notifications alone.
    const titled = async (title: string) =>
      (await one.database.db.select().from(notifications).where(eq(notifications.title, title)))
        .map((n) => n.userId)
        .sort();

    await sweepBoth(new Date(decideBy.getTime() - 23 * HOUR));
    expect(await titled("Your vote is missing")).toEqual([admin.user.id, cara.user.id].sort());

    await sweepBoth(new Date(decideBy.getTime() + 1000));
    expect(await titled("Plan decided")).toEqual(people.map((p) => p.user.id).sort());
    const decided = (
      await as(one.app, cara.cookie)({ method: "GET", url: `/api/groups/${group.id}/events/${eventId}` })
    ).json();
    expect(decided).toMatchObject({ decided: true, location: "Taqueria", winnerOptionId: plan.options[1].id });
  });
});
