import { describe, expect, it } from "vitest";
import { dayKey, formatDayHeading, formatEventDateTime } from "./format-date";

describe("formatEventDateTime", () => {
  const moment = "2025-03-08T23:30:00.000Z";
  it("shows the same moment in each user's timezone, en-US", () => {
    expect(formatEventDateTime(moment, "America/New_York")).toBe("Sat, Mar 8, 2025, 6:30 PM");
    expect(formatEventDateTime(moment, "Asia/Tokyo")).toBe("Sun, Mar 9, 2025, 8:30 AM");
    expect(formatEventDateTime(moment, "Europe/London")).toBe("Sat, Mar 8, 2025, 11:30 PM");
  });
  it("falls back to the default zone for an unknown id", () => {
    expect(formatEventDateTime(moment, "Nowhere/Special")).toBe("Sat, Mar 8, 2025, 6:30 PM");
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
