import { describe, expect, it } from "vitest";
import { eventSuite } from "#server/test/factories";
import { parseCalendar } from "#server/test/ical";
import { calendarFile } from "./ics";

const { app, signUp, createEvent, participate } = eventSuite({ PUBLIC_ORIGIN: "https://link.example" });

describe("one .ics builder", () => {
  it("the event's own export and the subscription feed write the same entry for a moved, pin-only event", async () => {
    const host = await signUp({ timezone: "America/Chicago" });
    const guest = await signUp();
    // A pin in San Francisco with no name typed: the entry still has a place, in the pin's zone.
    const event = await createEvent(host, {
      title: "Rooftop",
      description: "Bring a jacket",
      date: "2030-01-14T18:00:00.000Z",
      location: "",
      latitude: "37.8087",
      longitude: "-122.4098",
    });
    await participate(guest, event.id, "going");
    const moved = await host.call({
      method: "PATCH",
      url: `/api/events/${event.id}`,
      payload: { date: "2030-01-15T18:00:00.000Z" },
    });
    expect(moved.statusCode).toBe(200);

    const own = await guest.call({ method: "GET", url: `/api/events/${event.id}/calendar.ics` });
    const subscription = await guest.call({ method: "GET", url: "/api/calendar/subscription" });
    const feed = await app().app.inject({ method: "GET", url: new URL(subscription.json().url).pathname });
    const uid = `event-${event.id}@link`;
    const fromExport = parseCalendar(own.body);
    const fromFeed = parseCalendar(feed.body);
    const entry = fromExport.events.get(uid);
    expect(entry).toMatchObject({
      summary: "Rooftop",
      location: "Pinned location",
      tzid: "America/Los_Angeles",
      sequence: 1,
      status: "CONFIRMED",
      url: `https://link.example/events/${event.id}`,
      description: `Bring a jacket\n\nhttps://link.example/events/${event.id}`,
    });
    // 18:00 UTC is 10:00 in San Francisco in January; two hours long, as the app shows it.
    expect(entry?.start).toBe("2030-01-15T10:00:00");
    expect(entry?.end).toBe("2030-01-15T12:00:00");
    expect(fromExport.zones).toEqual(["America/Los_Angeles"]);
    // The feed differs only by the reminders the guest chose.
    expect({ ...fromFeed.events.get(uid), alarms: [] }).toEqual(entry);
    expect(fromFeed.zones).toEqual(fromExport.zones);
  });

  it("writes a zone the tz data does not know in UTC, and a canceled event without reminders", () => {
    const ics = calendarFile(
      [
        {
          id: 7,
          title: "Somewhere",
          description: "",
          location: "",
          date: new Date("2030-03-01T18:00:00Z"),
          canceledAt: new Date("2030-02-01T00:00:00Z"),
          sequence: 3,
          lat: null,
          lng: null,
          timezone: "Mars/Olympus_Mons",
        },
      ],
      { origin: null, name: "Link", alarmOffsets: [60] },
    );
    const { name, zones, events } = parseCalendar(ics);
    expect(name).toBe("Link");
    expect(zones).toEqual([]);
    expect(events.get("event-7@link")).toMatchObject({
      start: "2030-03-01T18:00:00Z",
      end: "2030-03-01T20:00:00Z",
      tzid: null,
      location: null,
      url: null,
      status: "CANCELLED",
      sequence: 3,
      alarms: [],
    });
  });

  it("escapes a host's commas, semicolons, backslashes and line breaks in TEXT values (RFC 5545 3.3.11)", () => {
    const ics = calendarFile(
      [
        {
          id: 8,
          title: "Tacos, beer; music",
          description: "Bring: chairs, a jacket; C:\\snacks\nSee you",
          location: "Luigi's, 5th Ave; back room",
          date: new Date("2030-03-01T18:00:00Z"),
          canceledAt: null,
          sequence: 0,
          lat: null,
          lng: null,
          timezone: "Europe/Madrid",
        },
      ],
      { origin: null, alarmOffsets: [30] },
    );
    // Unfolded as a reader does: an unescaped "," would split a value into a list, a ";" into parameters.
    const lines = ics.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
    expect(lines).toContain("SUMMARY:Tacos\\, beer\\; music");
    expect(lines).toContain("LOCATION:Luigi's\\, 5th Ave\\; back room");
    expect(lines).toContain("DESCRIPTION:Bring: chairs\\, a jacket\\; C:\\\\snacks\\nSee you");
    expect(lines.filter((line) => line === "DESCRIPTION:Tacos\\, beer\\; music")).toHaveLength(1);
    expect(parseCalendar(ics).events.get("event-8@link")).toMatchObject({
      summary: "Tacos, beer; music",
      location: "Luigi's, 5th Ave; back room",
      description: "Bring: chairs, a jacket; C:\\snacks\nSee you",
    });
  });
});
