// The short name of a time zone at a moment, the same on every screen, in every e-mail and link card.
import type { TIMEZONE_OPTIONS } from "./timezone-ids";

/**
 * en-US names some of the picker's common zones only by offset ("GMT+9" for Tokyo, "GMT+1" for Paris):
 * these read as the picker's labels do ("Japan Standard Time (JST)"), standard and summer time.
 */
const PICKER_NAMES: Partial<Record<(typeof TIMEZONE_OPTIONS)[number]["id"], { standard: string; summer: string }>> = {
  "Europe/London": { standard: "GMT", summer: "BST" },
  "Europe/Paris": { standard: "CET", summer: "CEST" },
  "Asia/Tokyo": { standard: "JST", summer: "JST" },
  "Australia/Sydney": { standard: "AEST", summer: "AEDT" },
};

const shortNames = new Map<string, Intl.DateTimeFormat>();
function shortNameFormat(zone: string) {
  let format = shortNames.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" });
    shortNames.set(zone, format);
  }
  return format;
}

/** Minutes east of UTC of `zone` at `at`. */
export function zoneOffsetMinutes(at: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * "PST", "EDT", "JST", "CET", or "GMT+5:45" for a zone without a common name: the zone's short name at
 * that moment. Throws for an unknown zone id, as Intl does.
 */
export function zoneAbbreviation(at: Date, zone: string): string {
  const named = PICKER_NAMES[zone as keyof typeof PICKER_NAMES];
  if (named) {
    const year = at.getUTCFullYear();
    const winter = zoneOffsetMinutes(new Date(Date.UTC(year, 0, 1)), zone);
    const summer = zoneOffsetMinutes(new Date(Date.UTC(year, 6, 1)), zone);
    const offset = zoneOffsetMinutes(at, zone);
    return offset === Math.min(winter, summer) ? named.standard : named.summer;
  }
  const parts = shortNameFormat(zone).formatToParts(at);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? zone;
}
