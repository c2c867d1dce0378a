import { z } from "zod";
import { idEnum } from "./id-enum";
import { TIME_SLOTS } from "./time-slots";

/** Spec 02 §9: the ten timezone options, as IANA ids (the spec names only some; the rest are the zones' usual ids). */
export const TIMEZONE_OPTIONS = [
  { id: "America/New_York", label: "Eastern Time (ET)" },
  { id: "America/Chicago", label: "Central Time (CT)" },
  { id: "America/Denver", label: "Mountain Time (MT)" },
  { id: "America/Los_Angeles", label: "Pacific Time (PT)" },
  { id: "America/Anchorage", label: "Alaska Time" },
  { id: "Pacific/Honolulu", label: "Hawaii Time" },
  { id: "Europe/London", label: "Greenwich Mean Time (GMT)" },
  { id: "Europe/Paris", label: "Central European Time (CET)" },
  { id: "Asia/Tokyo", label: "Japan Standard Time (JST)" },
  { id: "Australia/Sydney", label: "Australian Eastern Time (AET)" },
] as const;

export const timezoneSchema = idEnum(TIMEZONE_OPTIONS);
export type TimezoneId = z.infer<typeof timezoneSchema>;

export const updateTimezoneBodySchema = z.object({ timezone: timezoneSchema });

/**
 * Spec 02 §9: the settings page's eight read-only 3-hour slots: My Availability's slots, with a shared
 * am/pm written once ("6-9am", but "9pm-12am").
 */
export const SETTINGS_SLOTS = TIME_SLOTS.map((slot) => ({
  label: slot.label,
  range: slot.range.replace(/^(\d+)(am|pm)-(\d+)\2$/, "$1-$3$2"),
}));
