import { describe, expect, it } from "vitest";
import { isoToZonedInput, zonedInputToIso } from "./zoned-input";

describe("zoned date and time inputs", () => {
  it("reads the inputs as wall-clock time in the user's zone, across daylight saving", () => {
    expect(zonedInputToIso("2030-01-15", "19:30", "America/New_York")).toBe("2030-01-16T00:30:00.000Z");
    expect(zonedInputToIso("2030-07-15", "19:30", "America/New_York")).toBe("2030-07-15T23:30:00.000Z");
    expect(zonedInputToIso("2030-07-15", "08:05", "Asia/Tokyo")).toBe("2030-07-14T23:05:00.000Z");
  });

  it("falls back to the default zone for a missing or unknown one", () => {
    expect(zonedInputToIso("2030-01-15", "19:30", undefined)).toBe("2030-01-16T00:30:00.000Z");
    expect(zonedInputToIso("2030-01-15", "19:30", "Mars/Olympus")).toBe("2030-01-16T00:30:00.000Z");
  });

  it("answers null for an empty or malformed pair", () => {
    expect(zonedInputToIso("", "19:30", "UTC")).toBeNull();
    expect(zonedInputToIso("2030-01-15", "", "UTC")).toBeNull();
    expect(zonedInputToIso("15/01/2030", "19:30", "UTC")).toBeNull();
  });

  it("round-trips an instant to the inputs and back", () => {
    expect(isoToZonedInput("2030-01-16T00:30:00.000Z", "America/New_York")).toEqual({
      date: "2030-01-15",
      time: "19:30",
    });
    expect(isoToZonedInput("2030-07-14T23:05:00.000Z", "Asia/Tokyo")).toEqual({ date: "2030-07-15", time: "08:05" });
    const { date, time } = isoToZonedInput("2031-03-09T07:15:00.000Z", "Europe/Berlin");
    expect(zonedInputToIso(date, time, "Europe/Berlin")).toBe("2031-03-09T07:15:00.000Z");
  });
});
