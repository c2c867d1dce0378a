import { TZDate } from "@date-fns/tz";
import { CATEGORIES, type CategoryId } from "../../../../contract/categories";
import type { FeedItem, FeedQuery } from "../../../../contract/events";
import { AVATAR_STACK_MAX } from "../../../../contract/limits";
import { TIME_SLOTS } from "../../../../contract/time-slots";
import { HttpError } from "../../../http/http-error";
import { toEvent } from "../service";
import { decodeCursor, encodeCursor, type FeedCursor } from "./cursor";
import type { FeedRow } from "./query";
import { reasonsFor } from "./reasons";
import type { FeedRepository } from "./repository";

/** Windows one request may open to fill a page (a rare category can be sparse in the soonest events). */
const WINDOWS_PER_REQUEST = 4;

function validTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return tz;
  } catch {
    return "UTC";
  }
}

const SLOT_START = new Map<string, number>(TIME_SLOTS.map((slot) => [slot.id, slot.startHour]));

/**
 * Published free slots as instants: slot s of local day d is [d s.startHour:00, d s.startHour+3:00) in the
 * user's zone (an event "fits" when its local day and three-hour block are published, spec 01 §4).
 */
export function freeRanges(free: Array<{ date: string; timeslots: unknown }>, timeZone: string): Array<[Date, Date]> {
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

/** The swipe deck (spec 01 §4): ranked pages of events the user can still answer, with chip counts. */
export function feedService({ repo }: { repo: FeedRepository }) {
  return {
    async feed(userId: number, query: FeedQuery, now = new Date()) {
      const user = await repo.rankingInputs(userId);
      if (!user) throw new HttpError(404, "User not found");
      const position =
        query.lat != null && query.lng != null ? { lat: query.lat, lng: query.lng, radiusKm: query.radius } : undefined;
      const criteria = { userId, type: query.type, q: query.q || undefined, position, now };
      const inputs = {
        interests: [...new Set([...user.interests, ...user.skills].map((t) => t.toLowerCase()))],
        friendIds: user.friend_ids,
        freeRanges: freeRanges(user.free, validTimeZone(user.timezone)),
      };
      const filter: CategoryId = query.filter ?? "all";
      // The deck ranks inside a window of the soonest candidates (FEED_WINDOW); when a window runs out the
      // page continues in the next one, so every event stays reachable by paging.
      let cursor: FeedCursor | null = query.cursor ? decodeCursor(query.cursor) : null;
      const ranked: FeedRow[] = [];
      const counts: Record<string, number> = {};
      let nextCursor: string | null = null;
      for (let opened = 0; opened < WINDOWS_PER_REQUEST; opened++) {
        const want = query.limit - ranked.length;
        const win = await repo.feedWindowPage(criteria, inputs, filter, want + 1, cursor);
        // The chips count every window this page drew from, so they match what the deck can show.
        for (const [id, n] of Object.entries(win.counts)) counts[id] = (counts[id] ?? 0) + Number(n);
        ranked.push(...win.rows.slice(0, want));
        const last = ranked.at(-1);
        if (win.rows.length > want && last && win.end) {
          nextCursor = encodeCursor({
            after: cursor?.after ?? null,
            end: cursor?.end ?? win.end,
            last: { score: last.score, us: last.date_us, id: last.id },
          });
          break;
        }
        // This window is used up. More events may lie after it when it was full, or when its range came
        // from the cursor (answers since then thin a window out without moving its end).
        const windowEnd = cursor?.end ?? win.end;
        if (!windowEnd || (cursor?.end == null && !win.more)) break;
        cursor = { after: windowEnd, end: null, last: null };
        if (ranked.length >= query.limit) {
          nextCursor = encodeCursor(cursor);
          break;
        }
        if (opened === WINDOWS_PER_REQUEST - 1) nextCursor = encodeCursor(cursor);
      }
      const cards = new Map(
        (
          await repo.cards(
            ranked.map((r) => r.id),
            AVATAR_STACK_MAX,
          )
        ).map((c) => [c.event.id, c]),
      );
      const events: FeedItem[] = ranked.flatMap((r) => {
        const card = cards.get(r.id);
        if (!card) return [];
        const row = card.event;
        const distanceKm = r.distance_km == null ? null : Math.round(Number(r.distance_km) * 10) / 10;
        return [
          {
            ...toEvent(row),
            host: card.host,
            attendees: card.attendees,
            attendeeCount: row.goingCount,
            friendsGoing: r.friends_going,
            distanceKm,
            score: r.score,
            reasons: reasonsFor({
              tagOverlap: r.tag_overlap,
              matchedTag: r.matched_tag,
              friendsGoing: r.friends_going,
              fits: r.fits,
              distanceKm,
            }),
          },
        ];
      });
      const allCounts: Record<string, number> = {};
      for (const c of CATEGORIES) allCounts[c.id] = counts[c.id] ?? 0;
      return { events, nextCursor, counts: allCounts };
    },
  };
}
export type FeedService = ReturnType<typeof feedService>;
