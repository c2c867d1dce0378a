import { describe, expect, it } from "vitest";
import { TIME_SLOT_TEXTS } from "./time-slots";
import {
  allTimezoneIds,
  registrationTimezone,
  SETTINGS_SLOTS,
  TIMEZONE_OPTIONS,
  timezoneLabel,
  timezoneSchema,
} from "./timezones";

describe("settings contract", () => {
  it("lists the eight settings slots in the settings page's words, no two alike", () => {
    expect(SETTINGS_SLOTS.map((s) => `${s.range} ${TIME_SLOT_TEXTS[s.label].toLowerCase()}`)).toEqual([
      "6-9am early morning",
      "9am-12pm morning",
      "12-3pm early afternoon",
      "3-6pm late afternoon",
      "6-9pm evening",
      "9pm-12am night",
      "12-3am late night",
      "3-6am before dawn",
    ]);
    expect(new Set(SETTINGS_SLOTS.map((s) => s.label)).size).toBe(SETTINGS_SLOTS.length);
  });

  it("accepts every real IANA zone, stored by its canonical id, and nothing else", () => {
    for (const zone of TIMEZONE_OPTIONS) expect(timezoneSchema.parse(zone.id)).toBe(zone.id);
    // Both spellings of a renamed zone are real; each is kept as the browser wrote it.
    expect(timezoneSchema.parse("Asia/Kathmandu")).toBe("Asia/Kathmandu");
    expect(timezoneSchema.parse("Asia/Katmandu")).toBe("Asia/Katmandu");
    expect(timezoneSchema.parse("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(timezoneSchema.parse("UTC")).toBe("UTC");
    expect(timezoneSchema.parse("utc")).toBe("UTC");
    expect(timezoneSchema.parse("america/los_angeles")).toBe("America/Los_Angeles");
    for (const bad of [
      "Mars/Olympus",
      "",
      "+05:00",
      "America/New_York\u0000",
      "GMT+5 ",
      "x".repeat(65),
      "../etc/passwd",
    ]) {
      expect(timezoneSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("offers the ten common zones first, then every other zone once, UTC included", () => {
    const ids = allTimezoneIds();
    expect(ids.slice(0, 10)).toEqual(TIMEZONE_OPTIONS.map((z) => z.id));
    expect(ids.length).toBeGreaterThan(300);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("UTC");
    expect(ids).toContain("Asia/Tehran");
    for (const id of ids) expect(timezoneSchema.safeParse(id).success, id).toBe(true);
  });

  it("labels the ten common zones by name and any other by its place", () => {
    expect(timezoneLabel("America/Los_Angeles")).toBe("Pacific Time (PT)");
    expect(timezoneLabel("America/Argentina/Buenos_Aires")).toBe("Buenos Aires, Argentina, America");
  });

  it("registers in the browser's zone when it is real, else in America/New_York", () => {
    expect(registrationTimezone("America/Los_Angeles")).toBe("America/Los_Angeles");
    expect(registrationTimezone("Mars/Olympus")).toBe("America/New_York");
    expect(registrationTimezone(undefined)).toBe("America/New_York");
  });
});
