import tzLookup from "@photostructure/tz-lookup";
import { canonicalTimeZone } from "#contract/timezones";

/**
 * The IANA zone in force at a point (a bundled boundary lookup, no network), or null without a
 * point or when this runtime's zone data does not know the answer.
 */
export function zoneAt(lat: number | null, lng: number | null): string | null {
  if (lat == null || lng == null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  try {
    return canonicalTimeZone(tzLookup(lat, lng));
  } catch {
    return null;
  }
}

/**
 * The zone an event's time is written in: its own stored zone, so a guest reads the time the host
 * meant; UTC when this runtime no longer knows that zone (a time must still be written somehow).
 */
export function eventTimeZone(event: { timezone: string }): string {
  return canonicalTimeZone(event.timezone) ?? "UTC";
}
