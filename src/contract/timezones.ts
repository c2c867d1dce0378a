import { z } from "zod";
import { TIME_SLOT_TEXTS, TIME_SLOTS } from "./time-slots";
import { canonicalTimeZone, TIMEZONE_ID_MAX } from "./timezone-ids";

export * from "./timezone-ids";

/** Any real IANA zone: an unknown one would make every time shown to that user fail to format. */
export const timezoneSchema = z
  .string()
  .trim()
  .max(TIMEZONE_ID_MAX, "Unknown time zone")
  .refine((id) => canonicalTimeZone(id) !== null, "Unknown time zone")
  .transform((id) => canonicalTimeZone(id) as string);

export const updateTimezoneBodySchema = z.object({ timezone: timezoneSchema });

/**
 * The settings page's eight read-only 3-hour slots: My Availability's slots, with a shared
 * am/pm written once ("6-9am", but "9pm-12am").
 */
export const SETTINGS_SLOTS = TIME_SLOTS.map((slot) => ({
  label: slot.label,
  startHour: slot.startHour,
  range: TIME_SLOT_TEXTS[slot.range].replace(/^(\d+)(am|pm)-(\d+)\2$/, "$1-$3$2"),
}));
