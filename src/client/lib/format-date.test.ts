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
  zoneAbbreviation,
} from "./format-date";

describe("formatEventDateTime", () => {
  const moment = "2025-03-08T23:30:00.000Z";
  it("shows the same moment in each user's timezone, en-US, bare when the device runs on the same clock", () => {
    expect(formatEventDateTime(moment, "America/New_York", "America/New_York")).toBe("Sat, Mar 8, 2025, 6:30 PM");
    expect(formatEventDateTime(moment, "Asia/Tokyo", "Asia/Tokyo")).toBe("Sun, Mar 9, 2025, 8:30 AM");
    expect(formatEventDateTime(moment, "Europe/London", "Europe/London")).toBe("Sat, Mar 8, 2025, 11:30 PM");
  });
  it("adds the profile zone's abbreviation when the device's clock differs", () => {
    // 17:00 UTC on a January day: 9:00 AM in Los Angeles, 12:00 PM in New York.
    const nine = "2026-01-15T17:00:00.000Z";
    expect(formatEventDateTime(nine, "America/Los_Angeles", "America/Los_Angeles")).toBe("Thu, Jan 15, 2026, 9:00 AM");
    expect(formatEventDateTime(nine, "America/New_York", "America/Los_Angeles")).toBe(
      "Thu, Jan 15, 2026, 12:00 PM EST",
    );
    expect(formatEventDateTime(nine, "America/Los_Angeles", "America/New_York")).toBe("Thu, Jan 15, 2026, 9:00 AM PST");
    expect(formatTime("2026-07-15T16:00:00.000Z", "America/New_York", "Europe/Paris")).toBe("12:00 PM EDT");
    expect(formatTime(nine, "Asia/Tokyo", "UTC")).toBe("2:00 AM GMT+9");
  });
  it("leaves the abbreviation out for another zone id on the same clock at that moment", () => {
    expect(formatTime("2026-01-15T17:00:00.000Z", "America/Detroit", "America/New_York")).toBe("12:00 PM");
  });
  it("falls back to the default zone for an unknown id", () => {
    expect(formatEventDateTime(moment, "Nowhere/Special", "America/New_York")).toBe("Sat, Mar 8, 2025, 6:30 PM");
  });
});

describe("formatMessageTime", () => {
  const now = new Date("2026-01-15T18:00:00.000Z");
  it("shows today's messages by time and older ones with the day, by the user's calendar day", () => {
    expect(formatMessageTime("2026-01-15T17:00:00.000Z", "America/Los_Angeles", now, "America/Los_Angeles")).toBe(
      "9:00 AM",
    );
    // 02:00 UTC on the 15th is still the 14th in Los Angeles.
    expect(formatMessageTime("2026-01-15T02:00:00.000Z", "America/Los_Angeles", now, "America/Los_Angeles")).toBe(
      "Jan 14, 6:00 PM",
    );
    expect(formatMessageTime("2026-01-15T17:00:00.000Z", "America/New_York", now, "America/Los_Angeles")).toBe(
      "12:00 PM EST",
    );
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
  it("names a zone's abbreviation and offset", () => {
    expect(zoneAbbreviation("2026-01-15T17:00:00.000Z", "America/Los_Angeles")).toBe("PST");
    expect(zoneAbbreviation("2026-07-15T17:00:00.000Z", "America/Los_Angeles")).toBe("PDT");
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
  it("shows the event's zone alone to someone signed out", () => {
    expect(eventTimeParts(sundowner, "America/Los_Angeles", null)).toEqual({
      at: "Fri, Nov 27, 2026, 8:00 PM PST",
      yours: null,
    });
  });
});
