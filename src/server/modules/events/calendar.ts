import { TZDate } from "@date-fns/tz";
import { TIME_SLOTS } from "#contract/time-slots";

/** The stored zone when this runtime knows it, else UTC (a zone dropped from the runtime's data must not fail). */
function knownTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}

const SLOT_START = new Map<string, number>(TIME_SLOTS.map((slot) => [slot.id, slot.startHour]));

/**
 * Published free slots as instants: slot s of local day d is [d s.startHour:00, d s.startHour+3:00) in the
 * user's zone (an event "fits" when its local day and three-hour block are published: the free filter's rule).
 */
export function freeRanges(free: Array<{ date: string; timeslots: unknown }>, zone: string): Array<[Date, Date]> {
  const timeZone = knownTimeZone(zone);
  const ranges: Array<[Date, Date]> = [];
  for (const day of free) {
    const [y, m, d] = day.date.split("-").map(Number);
    for (const slot of Array.isArray(day.timeslots) ? day.timeslots : []) {
      const hour = SLOT_START.get(String(slot));
      if (hour === undefined || !y || !m || !d) continue;
      const start = new TZDate(y, m - 1, d, hour, 0, 0, 0, timeZone);
      const end = new TZDate(y, m - 1, d, hour + 3, 0, 0, 0, timeZone);
      ranges.push([new Date(start.getTime()), new Date(end.getTime())]);
    }
  }
  return ranges;
}

/**
 * Where "When I'm free" looks, in the user's zone: the rest of today, this weekend (Saturday and Sunday; the
 * rest of it when it has begun) or the next seven days.
 */
export function freeWindow(kind: "today" | "weekend" | "week", zone: string, now: Date): [Date, Date] {
  const timeZone = knownTimeZone(zone);
  const local = new TZDate(now.getTime(), timeZone);
  const midnight = (daysAhead: number) =>
    new Date(
      new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + daysAhead, 0, 0, 0, 0, timeZone).getTime(),
    );
  if (kind === "today") return [now, midnight(1)];
  if (kind === "week") return [now, new Date(now.getTime() + 7 * 86_400_000)];
  const weekday = local.getDay();
  // Saturday is 6, Sunday 0: on either, the weekend is under way and ends at Monday's midnight.
  if (weekday === 6) return [now, midnight(2)];
  if (weekday === 0) return [now, midnight(1)];
  return [midnight(6 - weekday), midnight(8 - weekday)];
}

/** The parts of the published free ranges inside a window. */
export function clipRanges(ranges: Array<[Date, Date]>, [from, to]: [Date, Date]): Array<[Date, Date]> {
  return ranges
    .map(([a, b]): [Date, Date] => [
      new Date(Math.max(a.getTime(), from.getTime())),
      new Date(Math.min(b.getTime(), to.getTime())),
    ])
    .filter(([a, b]) => a < b);
}
