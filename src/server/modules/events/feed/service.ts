import { CATEGORIES, type CategoryId } from "../../../../contract/categories";
import type { FeedItem, FeedQuery, UserSummary } from "../../../../contract/events";
import { AVATAR_STACK_MAX } from "../../../../contract/limits";
import { HttpError } from "../../../http/http-error";
import { toEvent, toSummary } from "../service";
import { decodeCursor, encodeCursor, type FeedCursor } from "./cursor";
import type { FeedRow } from "./query";
import { reasonsFor } from "./reasons";
import type { FeedRepository } from "./repository";

/** Windows one request may open to fill a page (a rare category can be sparse in the soonest events). */
const WINDOWS_PER_REQUEST = 4;

/** "YYYY-MM-DD" of an instant in a time zone; availability dates are local days. */
function localDate(instant: Date, timeZone: string) {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
  } catch {
    return instant.toISOString().slice(0, 10);
  }
}
function validTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return tz;
  } catch {
    return "UTC";
  }
}

/** The swipe deck (spec 01 §4): ranked pages of events the user can still answer, with chip counts. */
export function feedService(repo: FeedRepository) {
  return {
    async feed(userId: number, query: FeedQuery, now = new Date()) {
      const user = await repo.findUser(userId);
      if (!user) throw new HttpError(404, "User not found");
      const timezone = validTimeZone(user.timezone);
      const [friendIds, free] = await Promise.all([
        repo.friendIds(userId),
        repo.availabilityFrom(userId, localDate(new Date(now.getTime() - 86_400_000), timezone)),
      ]);
      const position =
        query.lat != null && query.lng != null ? { lat: query.lat, lng: query.lng, radiusKm: query.radius } : undefined;
      const criteria = { userId, type: query.type, q: query.q || undefined, position, now };
      const inputs = {
        interests: [...new Set([...user.interests, ...user.skills].map((t) => t.toLowerCase()))],
        friendIds,
        freeSlots: free.flatMap((a) => (Array.isArray(a.timeslots) ? a.timeslots : []).map((slot) => `${a.date}|${slot}`)),
        timezone,
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
          nextCursor = encodeCursor({ after: cursor?.after ?? null, end: cursor?.end ?? win.end, last: { score: last.score, us: last.date_us, id: last.id } });
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
      const rows = await repo.findEventsByIds(ranked.map((r) => r.id));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const [hosts, preview] = await Promise.all([
        repo.findUsers([...new Set(rows.map((r) => r.hostId))]),
        repo.attendeePreview(
          rows.map((r) => r.id),
          AVATAR_STACK_MAX,
        ),
      ]);
      const hostById = new Map(hosts.map((h) => [h.id, toSummary(h)]));
      const attendees = new Map<number, UserSummary[]>();
      for (const p of preview) {
        const list = attendees.get(p.event_id) ?? [];
        list.push({ id: p.id, fullName: p.full_name, username: p.username, profileImage: p.profile_image });
        attendees.set(p.event_id, list);
      }
      const events: FeedItem[] = ranked.flatMap((r) => {
        const row = byId.get(r.id);
        if (!row) return [];
        const distanceKm = r.distance_km == null ? null : Math.round(Number(r.distance_km) * 10) / 10;
        return [
          {
            ...toEvent(row),
            host: hostById.get(row.hostId) ?? null,
            attendees: attendees.get(row.id) ?? [],
            attendeeCount: row.goingCount,
            friendsGoing: r.friends_going,
            distanceKm,
            score: r.score,
            reasons: reasonsFor({ tagOverlap: r.tag_overlap, matchedTag: r.matched_tag, friendsGoing: r.friends_going, fits: r.fits, distanceKm }),
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
