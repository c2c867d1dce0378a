import { DEFAULT_TIMEZONE } from "@contract/limits";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * Date and time inputs speak the user's timezone, the one every event time is shown in,
 * not the device's: otherwise "7:00 PM" typed on a device in another zone would
 * come back on the event page as a different hour.
 */
function zoneOf(timezone: string | null | undefined): string {
  const zone = timezone || DEFAULT_TIMEZONE;
  return Number.isNaN(new TZDate(0, zone).getHours()) ? DEFAULT_TIMEZONE : zone;
}

/** "2030-06-01" + "19:30" as wall-clock time in the zone -> ISO instant; null for an incomplete or invalid pair. */
export function zonedInputToIso(date: string, time: string, timezone: string | null | undefined): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const moment = new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), zoneOf(timezone));
  return Number.isNaN(moment.getTime()) ? null : new Date(moment.getTime()).toISOString();
}

/** An instant as the date and time inputs' values in the zone. */
export function isoToZonedInput(iso: string, timezone: string | null | undefined): { date: string; time: string } {
  const zoned = new TZDate(new Date(iso).getTime(), zoneOf(timezone));
  return { date: format(zoned, "yyyy-MM-dd"), time: format(zoned, "HH:mm") };
}
