import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events } from "#server/modules/events/schema";
import { userRoles } from "#server/modules/roles/schema";
import { eventSuite, type Who } from "#server/test/factories";

/**
 * One question, one answer on every surface: an event whose host is suspended, and an event stored for an
 * audience Link no longer offers, are seen by nobody else, wherever one looks (event page, signed-out
 * preview, Discover, Nearby, host page, its calendar, sitemap).
 */
const ORIGIN = "https://link.example";
const { app, signUp, createEvent, notificationsOf } = eventSuite({ PUBLIC_ORIGIN: ORIGIN });
const db = () => app().database.db;
const PLACE = { latitude: "40.7128", longitude: "-74.0060", location: "Bryant Park" };

let moderator: Who;
beforeAll(async () => {
  moderator = await signUp({ fullName: "Mod Erator" });
  await db().insert(userRoles).values({ userId: moderator.id, role: "moderator" });
});

/** Every surface that could show the event to `viewer` (signed in) or to anybody signed out, with its answer. */
let requests = 0;
async function surfaces(viewer: Who, host: Who, eventId: number) {
  // Each from an address of its own: the sitemap's per-address budget is not what this test is about.
  const anonymous = (url: string) =>
    app().app.inject({ method: "GET", url, remoteAddress: `10.20.${Math.floor(++requests / 250)}.${requests % 250}` });
  const mine = (url: string) => viewer.call({ method: "GET", url });
  const answers = {
    "event page": await mine(`/api/events/${eventId}`),
    "signed-out preview": await anonymous(`/api/events/${eventId}/preview`),
    "signed-in preview": await mine(`/api/events/${eventId}/preview`),
    Discover: await mine(`/api/events/swipe/${viewer.id}?type=social`),
    Nearby: await mine(`/api/events/nearby?lat=${PLACE.latitude}&lng=${PLACE.longitude}`),
    "host page": await anonymous(`/api/hosts/${host.user.username}`),
    "host calendar": await anonymous(`/api/hosts/${host.user.username}/calendar.ics`),
    sitemap: await anonymous("/sitemap.xml"),
  };
  return Object.entries(answers).map(([where, res]) => ({ where, status: res.statusCode, body: res.body }));
}

/** The surfaces that showed the title (a 404 or a list without it shows nothing). */
const showing = (found: Awaited<ReturnType<typeof surfaces>>, title: string, eventId: number) =>
  found
    .filter((s) => s.status < 300 && (s.body.includes(title) || s.body.includes(`/events/${eventId}<`)))
    .map((s) => s.where);

describe("a suspended host's events", () => {
  it("are gone everywhere while the suspension lasts, and back when it is lifted", async () => {
    const host = await signUp({ fullName: "Sus Pended" });
    const viewer = await signUp();
    const event = await createEvent(host, { title: "Suspended supper", ...PLACE });
    expect(showing(await surfaces(viewer, host, event.id), "Suspended supper", event.id)).toHaveLength(8);

    const suspend = (suspended: boolean) =>
      moderator.call({ method: "PUT", url: `/api/admin/users/${host.id}/suspended`, payload: { suspended } });
    expect((await suspend(true)).statusCode).toBe(200);
    expect(showing(await surfaces(viewer, host, event.id), "Suspended supper", event.id)).toEqual([]);
    const page = await viewer.call({ method: "GET", url: `/api/events/${event.id}` });
    expect(page.statusCode).toBe(404);

    expect((await suspend(false)).statusCode).toBe(200);
    expect(showing(await surfaces(viewer, host, event.id), "Suspended supper", event.id)).toContain("event page");
  });
});

describe("an event stored for an audience Link no longer offers", () => {
  it("is its host's alone on every surface, whatever the old value", async () => {
    const host = await signUp();
    const viewer = await signUp();
    for (const audience of ["close", "family", "coworkers", "host"]) {
      const title = `Circle ${audience}`;
      const event = await createEvent(host, { title, ...PLACE });
      await db()
        .update(events)
        .set({ friendGroupId: audience as "all" })
        .where(eq(events.id, event.id));
      expect(showing(await surfaces(viewer, host, event.id), title, event.id), audience).toEqual([]);
      const own = await host.call({ method: "GET", url: `/api/events/${event.id}` });
      expect(own.statusCode, audience).toBe(200);
      expect(own.json()).toMatchObject({ title });
    }
  });

  it("is settled by the migration: host-only, and the host is told why", async () => {
    const migration = readFileSync(
      path.join(import.meta.dirname, "../../db/migrations/0024_access-ends.sql"),
      "utf8",
    ).split("--> statement-breakpoint");
    const audiencePart = migration.filter((s) => s.includes("friend_group_id"));
    const host = await signUp();
    const kept = await createEvent(host, { title: "For everyone" });
    const old = await createEvent(host, { title: "Family lunch" });
    await db()
      .update(events)
      .set({ friendGroupId: "family" as "all" })
      .where(eq(events.id, old.id));

    for (const statement of audiencePart) await db().execute(sql.raw(statement));
    // Run twice, as a restore from a backup would: the host is told once.
    for (const statement of audiencePart) await db().execute(sql.raw(statement));

    const rows = await db()
      .select({ id: events.id, audience: events.friendGroupId })
      .from(events)
      .where(eq(events.hostId, host.id));
    expect(rows.sort((a, b) => a.id - b.id)).toEqual([
      { id: kept.id, audience: "all" },
      { id: old.id, audience: "host" },
    ]);
    const notices = await notificationsOf(host.id);
    expect(notices.map((n) => [n.title, n.message, n.eventId])).toEqual([
      [
        "Only you can see this event",
        "Family lunch was for close friends, family or coworkers, which Link no longer offers: only you can see it now",
        old.id,
      ],
    ]);
    const list = await host.call({ method: "GET", url: "/api/notifications" });
    expect(list.body).toContain("only you can see it now");
  });
});
