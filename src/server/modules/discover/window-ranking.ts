import { CATEGORIES, type CategoryId } from "#contract/categories";
import { EARTH_RADIUS_KM } from "#contract/limits";
import { before, type CellEvent } from "./cell-pool";
import type { FeedMark, FeedRange } from "./cursor";
import {
  FEED_CELL_SCAN,
  FEED_WINDOW,
  type FeedCriteria,
  type FeedRow,
  type FeedWindow,
  type ScoreInputs,
} from "./ranking-sql";
import { SCORE } from "./scoring";

/** What the ranking needs to know of one person besides their inputs (repository.ts `facts`). */
export interface PersonalFacts {
  /** Events the person answered or passed. */
  answered: Set<number>;
  /** People blocked either way. */
  blockedPeople: Set<number>;
  /** Friends going, by event. */
  friendsGoing: Map<number, number>;
}

/** The great-circle distance exactly as ranking-sql.ts's distanceExpr computes it. */
function distanceKm(lat: number, lng: number, e: CellEvent) {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((e.lat - lat) * rad) / 2) ** 2 +
    Math.cos(lat * rad) * Math.cos(e.lat * rad) * Math.sin(((e.lng - lng) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** PostgreSQL's round() of a double: halves go to the even neighbour. */
function roundHalfEven(x: number) {
  const floor = Math.floor(x);
  if (x - floor !== 0.5) return Math.round(x);
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * The chips an event counts under, one bit per CATEGORIES entry ("all" included): ranking-sql.ts's
 * categoryCondition over the lower-cased tags and title, worked out once when its cell is read.
 */
export function categoryMask(ltags: readonly string[], ltitle: string) {
  let mask = 0;
  CATEGORIES.forEach((category, bit) => {
    const tags: readonly string[] = category.tags;
    const words: readonly string[] = category.titleWords;
    if (category.id === "all" || tags.some((t) => ltags.includes(t)) || words.some((w) => ltitle.includes(w)))
      mask |= 1 << bit;
  });
  return mask;
}

/** The index of the first event of a list after a mark (lists are in (date, id) order). */
function firstAfter(list: CellEvent[], mark: FeedMark) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(list[mid], mark) || (list[mid].dateUs === mark.us && list[mid].id === mark.id)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type Located = FeedCriteria & { position: NonNullable<FeedCriteria["position"]> };

/**
 * The events of kept cells a window for these criteria may hold, before the person's answers and blocks are
 * known: the scan (the soonest FEED_CELL_SCAN events that are not the person's own and not full) and those of
 * it within the radius, each the open occurrence of its series and inside `within`. Null when the kept
 * cells do not reach far enough to tell.
 */
export function windowCandidates(
  lists: CellEvent[][],
  known: FeedMark | null,
  c: Located,
  range: FeedRange,
  /** Gives up (null) past this many events within the radius: a caller that wants only a few. */
  nearMax = Number.POSITIVE_INFINITY,
) {
  const nowUs = c.now.getTime() * 1000;
  const from: FeedMark = range.after && range.after.us >= nowUs ? range.after : { us: nowUs, id: 2 ** 31 };
  const heads = lists.map((list) => firstAfter(list, from));
  const { lat, lng, radiusKm } = c.position;
  const within = c.within?.map(([a, b]) => [a.getTime() * 1000, b.getTime() * 1000] as const);
  const scan: CellEvent[] = [];
  const near: Array<{ e: CellEvent; km: number }> = [];
  while (scan.length < FEED_CELL_SCAN) {
    let pick = -1;
    for (let i = 0; i < lists.length; i++) {
      const e = lists[i][heads[i]];
      const best = pick === -1 ? undefined : lists[pick][heads[pick]];
      if (e && (!best || e.dateUs < best.dateUs || (e.dateUs === best.dateUs && e.id < best.id))) pick = i;
    }
    if (pick === -1) break;
    const e = lists[pick][heads[pick]++];
    if (range.end && !before(e, range.end) && !(e.dateUs === range.end.us && e.id === range.end.id)) break;
    if (known && !before(e, known) && !(e.dateUs === known.us && e.id === known.id)) return null;
    if (e.hostId === c.userId) continue;
    if (e.maxAttendees != null && e.goingCount >= e.maxAttendees) continue;
    scan.push(e);
    const km = distanceKm(lat, lng, e);
    if (km > radiusKm) continue;
    // A series is shown once: its next occurrence that is still open.
    if (e.seriesPrevUs != null && e.seriesPrevUs > nowUs) continue;
    if (within && !within.some(([a, b]) => a <= e.dateUs && e.dateUs < b)) continue;
    near.push({ e, km });
    if (near.length > nearMax) return null;
  }
  return { scan, near };
}

/**
 * The window statement of ranking-sql.ts (its cells' branch) over cells kept in memory: the same scan, the same
 * eligibility, the same scores, counts, end and `more`, so a window ranked here and one ranked in SQL are
 * interchangeable. Null when the kept cells do not reach far enough to tell (the caller asks SQL).
 */
export async function rankWindow({
  lists,
  known,
  criteria: c,
  inputs: s,
  filter,
  range,
  personal,
}: {
  lists: CellEvent[][];
  /** Up to where the lists are the cells' whole content (null: all of it). */
  known: FeedMark | null;
  criteria: Located;
  inputs: ScoreInputs;
  filter: CategoryId;
  range: FeedRange;
  /** Read only when the kept cells reach far enough to rank the window. */
  personal: () => Promise<PersonalFacts>;
}): Promise<FeedWindow | null> {
  const candidates = windowCandidates(lists, known, c, range);
  if (!candidates) return null;
  const { scan, near } = candidates;
  const { radiusKm } = c.position;
  const facts = await personal();
  const win = near
    .filter((n) => !facts.answered.has(n.e.id) && !facts.blockedPeople.has(n.e.hostId))
    .slice(0, FEED_WINDOW);

  const perCategory = CATEGORIES.map(() => 0);
  for (const { e } of win)
    for (let bit = 0; bit < perCategory.length; bit++) if (e.categories & (1 << bit)) perCategory[bit]++;
  const counts: Record<string, number> = {};
  CATEGORIES.forEach((cat, bit) => {
    counts[cat.id] = perCategory[bit];
  });
  const chosen = CATEGORIES.findIndex((cat) => cat.id === filter);

  const free = s.freeRanges.map(([a, b]) => [a.getTime() * 1000, b.getTime() * 1000] as const);
  const followed = new Set(s.followedIds);
  const rows: FeedRow[] = [];
  for (const { e, km } of win) {
    if (chosen >= 0 && !(e.categories & (1 << chosen))) continue;
    let tagOverlap = 0;
    for (const interest of s.interests) if (e.ltags.includes(interest)) tagOverlap++;
    const friendsGoing = facts.friendsGoing.get(e.id) ?? 0;
    const fits = free.some(([a, b]) => a <= e.dateUs && e.dateUs < b);
    const isFollowed = followed.has(e.hostId);
    const distancePoints = Math.max(0, roundHalfEven(SCORE.distance * (1 - km / radiusKm)));
    rows.push({
      id: e.id,
      date_us: e.dateUs,
      distance_km: km,
      tag_overlap: tagOverlap,
      matched_tag: e.ltags.find((t) => s.interests.includes(t)) ?? null,
      friends_going: friendsGoing,
      fits,
      followed: isFollowed,
      score:
        Math.min(tagOverlap, SCORE.maxTags) * SCORE.perTag +
        Math.min(friendsGoing, SCORE.maxFriends) * SCORE.perFriend +
        (fits ? SCORE.availability : 0) +
        (isFollowed ? SCORE.followed : 0) +
        distancePoints,
    });
  }
  rows.sort((a, b) => b.score - a.score || a.date_us - b.date_us || a.id - b.id);

  // A full window ends at its last event; a window cut short by the scan bound ends where the scan stopped.
  const winFull = win.length >= FEED_WINDOW;
  const tail = winFull ? win.at(-1)?.e : scan.at(-1);
  return {
    rows,
    counts,
    size: win.length,
    more: winFull || scan.length >= FEED_CELL_SCAN,
    end: tail ? { us: tail.dateUs, id: tail.id } : null,
  };
}
