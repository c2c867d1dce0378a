import { describe, expect, it } from "vitest";
import {
  dayKey,
  eventTimeParts,
  formatDayHeading,
  formatEventDateTime,
  formatEventTime,
  formatMessageTime,
  formatTime,
  formatZoneOffset,
  seriesWeekday,
  zoneAbbreviation,
} from "./format-date";

describe("a moment in the viewer's zone, always named", () => {
  const moment = "2025-03-08T23:30:00.000Z";
  it("shows the same moment in each viewer's zone with the picker's zone name", () => {
    expect(formatEventDateTime(moment, "America/New_York")).toBe("Sat, Mar 8, 2025, 6:30 PM EST");
    expect(formatEventDateTime(moment, "Asia/Tokyo")).toBe("Sun, Mar 9, 2025, 8:30 AM JST");
    expect(formatEventDateTime(moment, "Europe/London")).toBe("Sat, Mar 8, 2025, 11:30 PM GMT");
    expect(formatTime("2026-07-15T16:00:00.000Z", "America/New_York")).toBe("12:00 PM EDT");
    // A UTC viewer's times carry their zone too.
    expect(formatTime("2026-01-15T17:00:00.000Z", "UTC")).toBe("5:00 PM UTC");
  });
  it("falls back to the default zone for an unknown id", () => {
    expect(formatEventDateTime(moment, "Nowhere/Special")).toBe("Sat, Mar 8, 2025, 6:30 PM EST");
  });
});

describe("formatMessageTime: chat lines and host updates", () => {
  const now = new Date("2026-01-15T18:00:00.000Z");
  it("shows today's messages by time and older ones with the day, by the viewer's calendar day, named", () => {
    expect(formatMessageTime("2026-01-15T17:00:00.000Z", "America/Los_Angeles", now)).toBe("9:00 AM PST");
    // 02:00 UTC on the 15th is still the 14th in Los Angeles.
    expect(formatMessageTime("2026-01-15T02:00:00.000Z", "America/Los_Angeles", now)).toBe("Jan 14, 6:00 PM PST");
    expect(formatMessageTime("2026-01-15T17:00:00.000Z", "Asia/Tokyo", now)).toBe("2:00 AM JST");
  });
});

describe("formatDayHeading", () => {
  const now = new Date("2025-03-08T15:00:00.000Z");
  it("says Today, Yesterday, else the date, by the user's calendar day", () => {
    expect(formatDayHeading("2025-03-08T13:00:00.000Z", "America/New_York", now)).toBe("Today");
    expect(formatDayHeading("2025-03-07T13:00:00.000Z", "America/New_York", now)).toBe("Yesterday");
    expect(formatDayHeading("2025-03-05T13:00:00.000Z", "America/New_York", now)).toBe("Wednesday, March 5, 2025");
    // 02:00 UTC on the 8th is still the 7th in New York.
    expect(formatDayHeading("2025-03-08T02:00:00.000Z", "America/New_York", now)).toBe("Yesterday");
    expect(dayKey("2025-03-08T02:00:00.000Z", "America/New_York")).toBe("2025-03-07");
  });
});

describe("zones", () => {
  it("names a zone as the time-zone picker does, in standard and summer time", () => {
    expect(zoneAbbreviation("2026-01-15T17:00:00.000Z", "America/Los_Angeles")).toBe("PST");
    expect(zoneAbbreviation("2026-07-15T17:00:00.000Z", "America/Los_Angeles")).toBe("PDT");
    // en-US alone says "GMT+9", "GMT+1", "GMT+11": the picker's names are JST, CET, AEDT.
    expect(zoneAbbreviation("2026-01-15T17:00:00.000Z", "Asia/Tokyo")).toBe("JST");
    expect(zoneAbbreviation("2026-01-15T17:00:00.000Z", "Europe/Paris")).toBe("CET");
    expect(zoneAbbreviation("2026-07-15T17:00:00.000Z", "Europe/Paris")).toBe("CEST");
    expect(zoneAbbreviation("2026-07-15T17:00:00.000Z", "Europe/London")).toBe("BST");
    expect(zoneAbbreviation("2026-01-15T17:00:00.000Z", "Australia/Sydney")).toBe("AEDT");
    expect(zoneAbbreviation("2026-07-15T17:00:00.000Z", "Australia/Sydney")).toBe("AEST");
    expect(zoneAbbreviation("2026-01-15T17:00:00.000Z", "Asia/Kathmandu")).toBe("GMT+5:45");
    expect(formatZoneOffset("Asia/Kolkata", new Date("2026-01-15T00:00:00Z"))).toBe("UTC+5:30");
    expect(formatZoneOffset("America/Los_Angeles", new Date("2026-01-15T00:00:00Z"))).toBe("UTC-8");
    expect(formatZoneOffset("UTC")).toBe("UTC");
  });
});

describe("formatEventTime: an event's time in its own zone, and the viewer's beside it", () => {
  // 8 PM in San Francisco on a November evening: 04:00 UTC the next day.
  const sundowner = "2026-11-28T04:00:00.000Z";
  it("names the event's zone and adds the viewer's profile time when it differs", () => {
    expect(formatEventTime(sundowner, "America/Los_Angeles", "America/New_York")).toBe(
      "Fri, Nov 27, 2026, 8:00 PM PST · 11:00 PM your time",
    );
    expect(formatEventTime(sundowner, "America/Los_Angeles", "America/Los_Angeles")).toBe(
      "Fri, Nov 27, 2026, 8:00 PM PST",
    );
  });
  it("gives the day too when the viewer's clock is on another day", () => {
    expect(eventTimeParts(sundowner, "America/Los_Angeles", "Europe/London")).toEqual({
      at: "Fri, Nov 27, 2026, 8:00 PM PST",
      yours: "Sat, Nov 28, 4:00 AM your time",
    });
  });
  it("names a Tokyo event JST and a series' weekday in the event's zone, not the viewer's", () => {
    // Saturday 10:00 in Tokyo is still Friday evening in Los Angeles.
    const tokyoSaturday = "2026-11-28T01:00:00.000Z";
    expect(formatEventTime(tokyoSaturday, "Asia/Tokyo", "America/Los_Angeles")).toBe(
      "Sat, Nov 28, 2026, 10:00 AM JST · Fri, Nov 27, 5:00 PM your time",
    );
    expect(seriesWeekday(tokyoSaturday, "Asia/Tokyo")).toEqual({ weekday: "Saturday", dayOfMonth: 28 });
  });
  it("shows the event's zone alone to someone signed out", () => {
    expect(eventTimeParts(sundowner, "America/Los_Angeles", null)).toEqual({
      at: "Fri, Nov 27, 2026, 8:00 PM PST",
      yours: null,
    });
  });
});
