import { describe, expect, it } from "vitest";
import type { Config } from "#server/config";
import { eventFixtures, eventSuite, inDays } from "#server/test/factories";
import { createTestApp } from "#server/test/test-app";
import { freeRanges } from "./calendar";

const { app, signUp, createEvent, participate } = eventSuite();

describe("GET /api/events/:id/calendar.ics", () => {
  it("exports the event in its own zone (DTSTART;TZID + VTIMEZONE) for those who may see it; 404; 401", async () => {
    const host = await signUp({ timezone: "America/Chicago" });
    const date = inDays(3, 18);
    // Pinned in San Francisco: the place's zone wins over the host's Chicago.
    const event = await createEvent(host, {
      title: "Calendar Dinner",
      date: date.toISOString(),
      location: "Pier 17",
      latitude: "37.8087",
      longitude: "-122.4098",
    });
    const url = `/api/events/${event.id}/calendar.ics`;
    const res = await host.call({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/calendar");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="event-${event.id}.ics"`);
    expect(res.body).toContain("BEGIN:VEVENT");
    expect(res.body).toContain("SUMMARY:Calendar Dinner");
    expect(res.body).toContain("LOCATION:Pier 17");
    expect(res.body).toContain(`UID:event-${event.id}@link`);
    expect(res.body).toContain("STATUS:CONFIRMED");
    expect(res.body).toContain("BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles");
    // The wall-clock time in San Francisco, named by its zone.
    const local = new Intl.DateTimeFormat("sv-SE", {
      timeZone: "America/Los_Angeles",
      dateStyle: "short",
      timeStyle: "medium",
    })
      .format(date)
      .replace(/[-:]/g, "")
      .replace(" ", "T");
    expect(res.body).toContain(`DTSTART;TZID=America/Los_Angeles:${local}`);
    expect((await host.call({ method: "GET", url: "/api/events/999999/calendar.ics" })).statusCode).toBe(404);
    expect((await app().app.inject({ method: "GET", url })).statusCode).toBe(401);
  });

  it("an event without a place takes its host's zone", async () => {
    const host = await signUp({ timezone: "Asia/Tokyo" });
    const event = await createEvent(host, { location: "" });
    const res = await host.call({ method: "GET", url: `/api/events/${event.id}/calendar.ics` });
    expect(res.body).toContain("DTSTART;TZID=Asia/Tokyo:");
    expect(res.body).toContain("BEGIN:VTIMEZONE\r\nTZID:Asia/Tokyo");
  });

  it("a canceled event exports as CANCELLED, so a calendar that imported it can drop it", async () => {
    const host = await signUp();
    const guest = await signUp();
    const event = await createEvent(host);
    await participate(guest, event.id, "going");
    await host.call({ method: "DELETE", url: `/api/events/${event.id}` });
    const res = await guest.call({ method: "GET", url: `/api/events/${event.id}/calendar.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("STATUS:CANCELLED");
  });
});

// Each test builds its own app (migrations on a fresh database), which alone can take 30 s on a loaded machine.
describe("GET /api/events/:id/calendar.ics links from PUBLIC_ORIGIN only", { timeout: 120_000 }, () => {
  const forged = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
  async function icsFrom(overrides: Partial<Config>) {
    const other = await createTestApp({ TRUST_PROXY: true, ...overrides });
    try {
      const fixtures = eventFixtures(() => other);
      const host = await fixtures.signUp();
      const event = await fixtures.createEvent(host, { title: "Origin Dinner" });
      const res = await other.app.inject({
        method: "GET",
        url: `/api/events/${event.id}/calendar.ics`,
        headers: { cookie: host.cookie, ...forged },
      });
      expect(res.statusCode).toBe(200);
      return { body: res.body, id: event.id };
    } finally {
      await other.close();
    }
  }

  it("uses PUBLIC_ORIGIN even when the request names another host", async () => {
    const { body, id } = await icsFrom({ PUBLIC_ORIGIN: "https://link.example" });
    expect(body).toContain(`URL;VALUE=URI:https://link.example/events/${id}`);
    expect(body).not.toContain("evil.example");
  });

  it("the demo in production (no PUBLIC_ORIGIN) links to its listening address, never the request's host", async () => {
    const { body, id } = await icsFrom({
      NODE_ENV: "production",
      PUBLIC_ORIGIN: undefined,
      HOST: "0.0.0.0",
      PORT: 5000,
    });
    expect(body).toContain(`URL;VALUE=URI:http://localhost:5000/events/${id}`);
    expect(body).not.toContain("evil.example");
  });
});

describe("freeRanges", () => {
  const at = (iso: string) => new Date(iso);
  it("turns each published slot into its three hours in the user's zone, daylight saving included", () => {
    const free = [
      { date: "2026-01-15", timeslots: ["evening", "late_night", "brunch"] },
      { date: "2026-07-15", timeslots: ["evening"] },
    ];
    expect(freeRanges(free, "America/New_York")).toEqual([
      [at("2026-01-15T23:00:00Z"), at("2026-01-16T02:00:00Z")],
      [at("2026-01-15T05:00:00Z"), at("2026-01-15T08:00:00Z")],
      [at("2026-07-15T22:00:00Z"), at("2026-07-16T01:00:00Z")],
    ]);
  });

  it("reads a zone the runtime does not know as UTC instead of failing", () => {
    expect(freeRanges([{ date: "2026-01-15", timeslots: ["evening"] }], "Mars/Olympus_Mons")).toEqual([
      [at("2026-01-15T18:00:00Z"), at("2026-01-15T21:00:00Z")],
    ]);
  });
});
