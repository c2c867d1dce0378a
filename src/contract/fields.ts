import { z } from "zod";
import { defineTexts, messageKey } from "./i18n/texts";
import { EVENT_DATE_EARLIEST, EVENT_DATE_YEARS_AHEAD, INT4_MAX, PAGE_SIZE_MAX } from "./limits";

/** The shared fields' rules, as a person reads them (a form shows them, the server answers with them). */
export const FIELD_TEXTS = defineTexts("fields", {
  realDay: "Date must be a real day (yyyy-MM-dd)",
  dateRequired: "Date is required",
  validDate: "Date must be a valid date",
  dateRange: `Date must be between 2000 and ${EVENT_DATE_YEARS_AHEAD} years from now`,
  latitudeRange: "Latitude must be a number between -90 and 90",
  longitudeRange: "Longitude must be a number between -180 and 180",
  /** After the field's name in the server's answer ("details: …"), alone under a form's field. */
  controlCharacters: "must not contain control characters",
});

/**
 * The shared building blocks every request schema uses, so a bound or a character rule is written
 * once: ids and counts fit their int4 columns (a larger one made the database fail, a 500), text
 * carries no control characters (PostgreSQL refuses NUL in text), dates are real calendar dates.
 */

/** A row id in a JSON body: a positive int4. */
export const idSchema = z.number().int().min(1).max(INT4_MAX);
/** A row id in a path or query string. */
export const idParamSchema = z.coerce.number().int().min(1).max(INT4_MAX);
/** A keyset cursor (the last id of the previous page) or an offset-like count in a query string: 0..int4. */
export const cursorParamSchema = z.coerce.number().int().min(0).max(INT4_MAX);

/**
 * Bidi embedding/override (U+202A-U+202E) and isolate (U+2066-U+2069) controls are stripped, not
 * refused: they arrive by accident in text copied from phones (Android wraps pasted phone numbers
 * in U+202A/U+202C), and stripped they can no longer reverse how a name or a chat line reads
 * ("Trojan Source" style spoofing). Right-to-left scripts need none of them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** C0 and C1 control characters (NUL included) except tab and newline, which a multi-line text keeps. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** The same plus tab and newline: names, titles and codes are one line. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const LINE_CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

const CONTROL_CHARACTER_MESSAGE = messageKey(FIELD_TEXTS, "controlCharacters");

/** Drops bidi controls and turns CR LF / CR into LF (a textarea's line ends, whatever the platform). */
function cleanText(value: string): string {
  return value.replace(BIDI_CONTROLS, "").replace(/\r\n?/g, "\n");
}

type StringParams = Parameters<typeof z.string>[0];

/** Multi-line text (descriptions, bios, chat): newline and tab allowed, other control characters refused. */
export function textSchema(params?: StringParams) {
  return z
    .string(params)
    .overwrite(cleanText)
    .refine((v) => !CONTROL_CHARACTERS.test(v), CONTROL_CHARACTER_MESSAGE);
}

/** One-line text (names, titles, usernames, search, codes): every control character refused. */
export function lineSchema(params?: StringParams) {
  return z
    .string(params)
    .overwrite(cleanText)
    .refine((v) => !LINE_CONTROL_CHARACTERS.test(v), CONTROL_CHARACTER_MESSAGE);
}

/** Whether y-m-d names a day of the Gregorian calendar ("2024-02-30" does not). */
function isCalendarDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-MM-dd day that exists; it round-trips (what is stored is what was sent). */
export function calendarDaySchema(message = messageKey(FIELD_TEXTS, "realDay")) {
  return z
    .string()
    .max(10, message)
    .refine((v) => {
      const m = CALENDAR_DAY.exec(v);
      return m !== null && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
    }, message);
}

/**
 * An ISO 8601 timestamp as clients send it: yyyy-MM-dd, optionally THH:mm[:ss[.sss]] and Z or an
 * offset. The calendar parts must exist (JavaScript's Date.parse turns 2024-02-30 into 1 March).
 */
const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

/** Epoch ms of a real ISO timestamp, or null. */
function parseTimestamp(value: string): number | null {
  const m = ISO_TIMESTAMP.exec(value);
  if (!m) return null;
  if (!isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))) return null;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return null;
  if (m[8] !== undefined && (Number(m[8]) > 14 || Number(m[9]) > 59)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** The latest date an event may take place, from now (EVENT_DATE_YEARS_AHEAD). */
function latestEventDate(now = new Date()): Date {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + EVENT_DATE_YEARS_AHEAD);
  return latest;
}

/** An event's date and time: a real timestamp between EVENT_DATE_EARLIEST and EVENT_DATE_YEARS_AHEAD years from now. */
export function eventDateSchema(requiredMessage = messageKey(FIELD_TEXTS, "dateRequired")) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .max(40, messageKey(FIELD_TEXTS, "validDate"))
    .refine((v) => parseTimestamp(v) !== null, messageKey(FIELD_TEXTS, "validDate"))
    .refine(
      (v) => {
        const ms = parseTimestamp(v);
        return ms === null || (ms >= Date.parse(EVENT_DATE_EARLIEST) && ms <= latestEventDate().getTime());
      },
      messageKey(FIELD_TEXTS, "dateRange"),
    );
}

/**
 * A coordinate as text (profiles and events store them as text, "" for none): a plain decimal inside
 * ±max. Exponents ("1e3") and other spellings Number() would accept are refused.
 */
export function coordinateTextSchema(max: 90 | 180) {
  return z
    .string()
    .trim()
    .max(32)
    .refine(
      (v) => v === "" || (/^-?\d{1,3}(\.\d{1,20})?$/.test(v) && Math.abs(Number(v)) <= max),
      messageKey(FIELD_TEXTS, max === 90 ? "latitudeRange" : "longitudeRange"),
    );
}

/**
 * Lists that can grow are read a page at a time, so no request reads or sends without bound. Without
 * `limit` a page holds LIST_PAGE_DEFAULT rows, generous enough that callers written before paging get
 * everything for the sizes the screens show; when more rows exist the response carries
 * NEXT_CURSOR_HEADER, the `cursor` to send for the next page.
 */
export const LIST_PAGE_DEFAULT = PAGE_SIZE_MAX;
export const NEXT_CURSOR_HEADER = "x-next-cursor";
export const pageLimitSchema = z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(LIST_PAGE_DEFAULT);

/** A position in a list ordered by (time, id): written "<epoch ms>_<id>" so it travels in a query string. */
export interface KeysetPosition {
  at: Date;
  id: number;
}
const KEYSET_CURSOR = /^(\d{1,15})_(\d{1,10})$/;
/** Latest instant a cursor may name: the end of year 9999, inside every timestamp type. */
const KEYSET_MS_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export const encodeKeysetCursor = (at: Date, id: number) => `${at.getTime()}_${id}`;
export const keysetCursorSchema = z
  .string()
  .max(40, "cursor: invalid cursor")
  .transform((value, ctx): KeysetPosition => {
    const m = KEYSET_CURSOR.exec(value);
    const ms = m ? Number(m[1]) : Number.NaN;
    const id = m ? Number(m[2]) : Number.NaN;
    if (!m || ms > KEYSET_MS_MAX || id < 1 || id > INT4_MAX) {
      ctx.addIssue({ code: "custom", message: "cursor: invalid cursor" });
      return z.NEVER;
    }
    return { at: new Date(ms), id };
  });

/** ?limit&cursor for a list ordered by id, the cursor being the last id of the previous page. */
export const idPageQuerySchema = z.object({ limit: pageLimitSchema, cursor: cursorParamSchema.optional() });
/** ?limit&cursor for a list ordered by (time, id). */
export const keysetPageQuerySchema = z.object({ limit: pageLimitSchema, cursor: keysetCursorSchema.optional() });
