import { z } from "zod";
import { idEnum } from "./id-enum";

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

/** Spec 02 §9: the settings page's eight read-only 3-hour slots, in its own order and words. */
export const SETTINGS_SLOTS = [
  { range: "6-9am", label: "Early Morning" },
  { range: "9am-12pm", label: "Morning" },
  { range: "12-3pm", label: "Early Afternoon" },
  { range: "3-6pm", label: "Late Afternoon" },
  { range: "6-9pm", label: "Evening" },
  { range: "9pm-12am", label: "Night" },
  { range: "12-3am", label: "Late Night" },
  { range: "3-6am", label: "Early Morning" },
] as const;
