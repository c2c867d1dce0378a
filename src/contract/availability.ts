import { z } from "zod";
import { calendarDaySchema } from "./fields";
import { defineTexts } from "./i18n/texts";
import { AVAILABILITY_PAGE_MAX } from "./limits";
import { TIME_SLOTS, timeSlotIdSchema } from "./time-slots";
import { userIdSchema } from "./users";

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An ISO timestamp with an explicit offset or Z, as `Date.toISOString()` or date-fns produce. */
const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function isRealDate(y: number, m: number, d: number) {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The public API sends the day as an ISO timestamp at the sender's local midnight. A timestamp with
 * an offset names its local day directly; a UTC one is rounded to the nearest day, which is the
 * local day for every offset between -11:59 and +12:00 (see docs/spec-deviations.md).
 */
export function toCalendarDate(value: string): string | null {
  const plain = CALENDAR_DATE.exec(value);
  if (plain) {
    const [y, m, d] = [Number(plain[1]), Number(plain[2]), Number(plain[3])];
    return isRealDate(y, m, d) ? value : null;
  }
  const iso = ISO_TIMESTAMP.exec(value);
  if (!iso) return null;
  const [y, m, d, h] = [Number(iso[1]), Number(iso[2]), Number(iso[3]), Number(iso[4])];
  if (!isRealDate(y, m, d) || h > 23) return null;
  if (iso[7] !== "Z" && !/^[+-]00:?00$/.test(iso[7])) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return null;
  const day = new Date(Math.round(ms / 86_400_000) * 86_400_000);
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
}

const calendarDateSchema = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const date = toCalendarDate(value);
    if (date === null) {
      ctx.addIssue({ code: "custom", message: "Date must be a calendar day (yyyy-MM-dd) or an ISO timestamp" });
      return z.NEVER;
    }
    return date;
  });

const slotList = z
  .array(timeSlotIdSchema, { error: "Timeslots must be a list of slot ids" })
  .max(TIME_SLOTS.length)
  // A slot clicked twice in a hurry is still one slot.
  .transform((slots) => [...new Set(slots)]);

/** The public API sends the slots as a JSON string; an array is accepted as well. */
const timeslotsInputSchema = z.union([
  slotList,
  z
    .string()
    .max(1000)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "Timeslots must be a JSON array of slot ids" });
        return z.NEVER;
      }
    })
    .pipe(slotList),
]);

export const AVAILABILITY_TEXTS = defineTexts("availability", { pastDay: "Past days can't be saved as availability" });

/**
 * A day that is over cannot be offered. "Over" means over everywhere on Earth (UTC-12
 * has passed its midnight), so no one's today is refused whatever zone they or their device are in;
 * the calendar greys out days before the device's own today.
 */
export function isPastDay(day: string, now = new Date()): boolean {
  const latestToday = new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
  return day < latestToday;
}

export const saveAvailabilitySchema = z.object({
  userId: userIdSchema,
  date: calendarDateSchema,
  timeslots: timeslotsInputSchema,
});
export type SaveAvailabilityInput = z.input<typeof saveAvailabilitySchema>;

export const availabilityRowSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** yyyy-MM-dd, the user's calendar day. */
  date: z.string(),
  timeslots: z.array(timeSlotIdSchema),
});
export type AvailabilityRow = z.infer<typeof availabilityRowSchema>;

export const availabilityQuerySchema = z.object({
  userId: userIdSchema,
  limit: z.coerce.number().int().min(1).max(AVAILABILITY_PAGE_MAX).default(AVAILABILITY_PAGE_MAX),
  /** Cursor: only days before this one (the last date of the previous page). */
  before: calendarDaySchema("before must be yyyy-MM-dd").optional(),
});
