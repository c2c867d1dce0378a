import { API_TEXTS } from "#contract/api-texts";
import { messageKey } from "#contract/i18n/texts";
import { HttpError } from "#server/http/http-error";

/** A (date, id) position in the feed's date order; dates as epoch microseconds so nothing is rounded away. */
export interface FeedMark {
  us: number;
  id: number;
}

/** A candidate window: the events in (after, end] in date order (end null: until the window is full). */
export interface FeedRange {
  after: FeedMark | null;
  end: FeedMark | null;
}

/**
 * Where the next page starts: the candidate window, and inside it the last ranked row handed out (null
 * when the window has not been read yet).
 */
export interface FeedCursor extends FeedRange {
  last: { score: number; us: number; id: number } | null;
}

/** Event ids are PostgreSQL `serial` (int4): a cursor naming a larger id is forged. */
const MAX_ID = 2 ** 31 - 1;

/** The cursor travels as [afterUs, afterId, endUs, endId, score, us, id]; nulls where a part is not set. */
export const encodeCursor = (c: FeedCursor) =>
  Buffer.from(
    JSON.stringify([
      c.after?.us ?? null,
      c.after?.id ?? null,
      c.end?.us ?? null,
      c.end?.id ?? null,
      c.last?.score ?? null,
      c.last?.us ?? null,
      c.last?.id ?? null,
    ]),
  ).toString("base64url");

export function decodeCursor(raw: string): FeedCursor {
  try {
    const parts = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(parts) && parts.length === 7 && parts.every((p) => p === null || Number.isSafeInteger(p))) {
      const [afterUs, afterId, endUs, endId, score, us, id] = parts as Array<number | null>;
      const ids = [afterId, endId, id].filter((v): v is number => v != null);
      if (ids.every((v) => v >= 0 && v <= MAX_ID)) {
        const mark = (a: number | null, b: number | null) => (a != null && b != null ? { us: a, id: b } : null);
        const last = score != null && us != null && id != null ? { score, us, id } : null;
        const end = mark(endUs, endId);
        // A ranked position only means something inside a known window.
        if (!last || end) return { after: mark(afterUs, afterId), end, last };
      }
    }
  } catch {
    // fall through to the 400 below
  }
  throw new HttpError(400, messageKey(API_TEXTS, "invalidCursor"));
}
