import { describe, expect, it } from "vitest";
import { SETTINGS_SLOTS, timezoneSchema } from "./timezones";

describe("settings contract", () => {
  it("lists the eight settings slots in spec 02 §9's words", () => {
    expect(SETTINGS_SLOTS.map((s) => `${s.range} ${s.label.toLowerCase()}`)).toEqual([
      "6-9am early morning",
      "9am-12pm morning",
      "12-3pm early afternoon",
      "3-6pm late afternoon",
      "6-9pm evening",
      "9pm-12am night",
      "12-3am late night",
      "3-6am early morning",
    ]);
  });

  it("accepts the ten zones and nothing else", () => {
    expect(timezoneSchema.options).toHaveLength(10);
    expect(timezoneSchema.safeParse("Pacific/Honolulu").success).toBe(true);
    expect(timezoneSchema.safeParse("Mars/Olympus").success).toBe(false);
  });
});
