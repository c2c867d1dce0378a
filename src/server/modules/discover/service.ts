import { API_TEXTS } from "#contract/api-texts";
import { CATEGORIES, type CategoryId } from "#contract/categories";
import type { FeedItem, FeedQuery, UserSummary } from "#contract/events";
import { messageKey } from "#contract/i18n/texts";
import { HttpError } from "#server/http/http-error";
import { clipRanges, freeRanges, freeWindow, toEvent } from "../events";
import { type CellPool, createCellPool, type KeptCard } from "./cell-pool";
import { decodeCursor, encodeCursor, type FeedCursor, type FeedMark, type FeedRange } from "./cursor";
import { createPageTags, type PageTags, pageTagCounts } from "./page-tags";
import { cellsCovering, type FeedCriteria, type FeedRow, type ScoreInputs } from "./ranking-sql";
import { reasonsFor } from "./reasons";
import type { DiscoverRepository, RankingInputs } from "./repository";
import { createWindowCache, type WindowCache } from "./window-cache";
import { type PersonalFacts, rankWindow, windowCandidates } from "./window-ranking";

/** Windows one request may open to fill a page (a rare category can be sparse in the soonest events). */
const WINDOWS_PER_REQUEST = 4;

/** Candidates checked beyond the page's need, so a few answered or cancelled ones do not cost a second statement. */
const CHECK_SLACK = 4;

/** People whose free slots are kept converted to instants (a time-zone conversion per slot costs more than ranking). */
const FREE_INSTANTS_KEPT = 5_000;

/**
 * Candidates a first page checks with the ranking inputs in one statement, at most: each costs the statement
 * an event row, so a window of a few hundred is cheaper ranked first and its page checked in a second one.
 */
const FIRST_CHECK_MAX = 64;

/** A kept card with what a page's check read fresh: the going count and the attendees the viewer may see. */
const withFresh = (card: KeptCard, open: { goingCount: number; attendees: UserSummary[] }) => ({
  ...card,
  event: { ...card.event, goingCount: open.goingCount },
  attendees: open.attendees,
});

const markKey = (m: FeedMark | null) => (m ? `${m.us}.${m.id}` : "-");

/** Where a ranked window continues after the last row handed out (rows are in score desc, date, id order). */
function indexAfter(rows: FeedRow[], last: FeedCursor["last"]) {
  if (!last) return 0;
  const i = rows.findIndex(
    (r) =>
      r.score < last.score ||
      (r.score === last.score && (r.date_us > last.us || (r.date_us === last.us && r.id > last.id))),
  );
  return i === -1 ? rows.length : i;
}

/**
 * The feed: ranked pages of events the user can still answer, with chip counts, and the undo of a swipe.
 * Ranked windows are kept between pages (window-cache.ts); a page is then a slice of one plus the cards.
 */
export function discoverService({
  repo,
  windows = createWindowCache(),
  cells = createCellPool(repo.upcomingInCells),
  tags = createPageTags(),
  findEvent = async () => undefined,
  releaseAnswer = async () => false,
}: {
  repo: DiscoverRepository;
  windows?: WindowCache;
  /** The upcoming events of each grid cell, shared by every person's city windows. */
  cells?: CellPool;
  /** The entity tags of pages served, to answer a conditional request without drawing the page again. */
  tags?: PageTags;
  /** The event an undo names (the events module). */
  findEvent?: (eventId: number) => Promise<{ id: number; title: string } | undefined>;
  /**
   * Takes back the person's going or not-going answer (the participants module's release: a seat given
   * back goes to the waitlist, as a leave's does); true when there was one.
   */
  releaseAnswer?: (eventId: number, userId: number) => Promise<boolean>;
}) {
  const freeInstantsKept = new Map<string, Array<[Date, Date]>>();
  /** freeRanges, kept per published slots and zone: they change when the person edits them, not per page. */
  function freeInstants(free: Parameters<typeof freeRanges>[0], zone: string) {
    const key = `${zone}|${JSON.stringify(free)}`;
    let ranges = freeInstantsKept.get(key);
    if (!ranges) {
      ranges = freeRanges(free, zone);
      if (freeInstantsKept.size >= FREE_INSTANTS_KEPT) freeInstantsKept.clear();
      freeInstantsKept.set(key, ranges);
    }
    return ranges;
  }

  /**
   * A window with a city radius, ranked in memory from the kept cells; null when there is none to rank that
   * way (no position, a search, a radius of too many cells) or the kept cells do not reach far enough.
   */
  async function rankedFromCells(
    c: FeedCriteria,
    s: ScoreInputs,
    filter: CategoryId,
    range: FeedRange,
    user: { newestEventId: number; facts?: PersonalFacts },
  ) {
    const position = c.position;
    const covering = position && !c.q ? cellsCovering(position.lat, position.lng, position.radiusKm) : null;
    if (!position || !covering) return null;
    const kept = await cells.events(c.type, covering, user.newestEventId, c.now);
    if (!kept) return null;
    return rankWindow({
      ...kept,
      criteria: { ...c, position },
      inputs: s,
      filter,
      range,
      personal: async () => user.facts ?? (await repo.personalFacts(c.userId)),
    });
  }

  /**
   * The events the first window of a request may hold, from the cells this instance keeps now (none read, so
   * nothing waits before the first statement): checked with the ranking inputs in one statement. Empty when
   * the window is not ranked from kept cells, or they are not all kept.
   */
  function firstCandidates(c: FeedCriteria, range: FeedRange) {
    const position = c.position;
    const covering = position && !c.q ? cellsCovering(position.lat, position.lng, position.radiusKm) : null;
    const kept = position && covering ? cells.kept(c.type, covering) : null;
    if (!position || !kept) return [];
    const candidates = windowCandidates(kept.lists, kept.known, { ...c, position }, range, FIRST_CHECK_MAX);
    return candidates?.near.map((n) => n.e.id) ?? [];
  }

  /** The grid cells a query's page is drawn from (null: anywhere, as for a search or a page without a position). */
  const cellsOfQuery = (query: FeedQuery) =>
    query.lat != null && query.lng != null && !query.q ? cellsCovering(query.lat, query.lng, query.radius) : null;

  const service = {
    /** Takes back the user's last swipe on an event, so its card comes back and can be answered again. */
    async undo(userId: number, eventId: number) {
      const event = await findEvent(eventId);
      if (!event) throw new HttpError(404, messageKey(API_TEXTS, "eventNotFound"));
      const answered = await releaseAnswer(eventId, userId);
      const interacted = await repo.deleteInteraction(eventId, userId);
      if (!answered && !interacted) throw new HttpError(404, messageKey(API_TEXTS, "nothingToUndo"));
    },

    /** The page of the feed for the query. */
    async feed(userId: number, query: FeedQuery, now = new Date()) {
      return (await service.page(userId, query, now)).page;
    },

    /**
     * Whether the page last served under `tag` for this person and query is still the one they would get:
     * the ranking inputs and every card's check read again in one statement, nothing ranked or written.
     */
    async notModified(userId: number, query: FeedQuery, tag: string, now = new Date()) {
      const queryKey = JSON.stringify(query);
      const shown = tags.shown(userId, queryKey, tag);
      if (!shown) return false;
      // Taken before the read: a write heard after it makes the next request's comparison fail, never pass.
      const lastWrite = cells.lastWriteIn(cellsOfQuery(query), shown);
      const read = await repo.keptCardsCheck(userId, shown, now, true);
      if (!read.me) return false;
      const cards: Array<[number, number, UserSummary[]]> = [];
      for (const id of shown) {
        const open = read.answerable.get(id);
        if (!open) return false;
        cards.push([id, open.goingCount, open.attendees]);
      }
      return tags.same(userId, queryKey, tag, { me: read.me, cards, lastWrite });
    },

    /**
     * The first page kept for this person and query, when reading its inputs again (one statement, as a
     * conditional request) says it is still theirs: served as written, nothing ranked or serialized. `known`:
     * tags already found changed in this request.
     */
    async keptPage(userId: number, query: FeedQuery, known: readonly string[] = [], now = new Date()) {
      if (query.cursor) return null;
      const kept = tags.keptPage(userId, JSON.stringify(query));
      if (!kept || known.includes(kept.tag) || !(await service.notModified(userId, query, kept.tag, now))) return null;
      pageTagCounts.keptServed += 1;
      return kept;
    },

    /** Keeps a first page as it was written, under its tag (pages after the first are not kept). */
    keepPage(userId: number, query: FeedQuery, tag: string, body: string) {
      if (!query.cursor) tags.keepPage(userId, JSON.stringify(query), tag, body);
    },

    /**
     * The page with its entity tag, or a null tag when an event write was heard while it was drawn (the
     * page may predate it, so no tag may vouch for it).
     */
    async page(userId: number, query: FeedQuery, now = new Date()) {
      const writesBefore = cells.writesHeard();
      const position =
        query.lat != null && query.lng != null ? { lat: query.lat, lng: query.lng, radiusKm: query.radius } : undefined;
      const criteria = { userId, type: query.type, q: query.q || undefined, position, now };
      const filter: CategoryId = query.filter ?? "all";
      const queryKey = JSON.stringify([userId, criteria.type, criteria.q ?? "", position ?? null, filter, query.free]);
      const keyOf = (range: FeedRange) => `${queryKey}|${markKey(range.after)}|${markKey(range.end)}`;
      let cursor: FeedCursor | null = query.cursor ? decodeCursor(query.cursor) : null;

      // Whether an event is still answerable, and its card, as read during this request.
      const checked = new Map<number, (KeptCard & { attendees: UserSummary[] }) | null>();
      /** Checks the ids (a kept card's page reads only what changes without an event write); `me` when asked. */
      async function check(ids: number[], withInputs = false) {
        const kept = ids.map((id) => cells.card(id));
        if (kept.every((card) => card !== undefined)) {
          const read = await repo.keptCardsCheck(userId, ids, now, withInputs);
          ids.forEach((id, i) => {
            const open = read.answerable.get(id);
            checked.set(id, open ? withFresh(kept[i] as KeptCard, open) : null);
          });
          return read.me;
        }
        const startedAt = Date.now();
        const found = await repo.answerableCards(userId, ids, now);
        for (const id of ids) checked.set(id, null);
        for (const card of found) checked.set(card.event.id, card);
        cells.keepCards(found, startedAt);
        return found[0]?.me ?? null;
      }
      /**
       * The ranking inputs, with the first window's candidates checked in the same statement: a candidate
       * whose card is kept needs no other; one that is not is read by `check` when it reaches the page.
       */
      async function inputsAndFirstCheck(range: FeedRange) {
        const candidates = firstCandidates(criteria, range);
        if (candidates.length === 0) return repo.rankingInputs(userId);
        const read = await repo.firstPage(userId, candidates, now);
        for (const id of candidates) {
          const open = read?.answerable.get(id);
          const card = open && cells.card(id);
          if (!open) checked.set(id, null);
          else if (card) checked.set(id, withFresh(card, open));
        }
        return read?.inputs ?? null;
      }
      // With a kept window, its next candidates are checked in the same statement that reads the ranking
      // inputs: when the inputs have not changed, that one statement is the whole page.
      const firstRange = { after: cursor?.after ?? null, end: cursor?.end ?? null };
      const kept = windows.peek(keyOf(firstRange));
      const guess = kept?.rows
        .slice(indexAfter(kept.rows, cursor?.last ?? null))
        .slice(0, query.limit + 1 + CHECK_SLACK);
      const user: (RankingInputs & { facts?: PersonalFacts }) | null =
        (guess?.length
          ? await check(
              guess.map((r) => r.id),
              true,
            )
          : null) ?? (await inputsAndFirstCheck(firstRange));
      if (!user) throw new HttpError(404, messageKey(API_TEXTS, "userNotFound"));
      // The facts come with the inputs on a first page; a window ranked after a kept page's check reads them.
      const { newestEventId, facts } = user;
      const inputs = {
        interests: [...new Set([...user.interests, ...user.skills].map((t) => t.toLowerCase()))],
        friendIds: user.friendIds,
        followedIds: user.followedIds ?? [],
        freeRanges: freeInstants(user.free, user.timezone),
      };
      const free = query.free;
      const search = free
        ? { ...criteria, within: clipRanges(inputs.freeRanges, freeWindow(free, user.timezone, now)) }
        : criteria;
      // A kept window is used only while everything it was ranked from is unchanged.
      const version = JSON.stringify([user.answers, inputs]);

      /** The ranked window for a range: kept, or ranked now and kept under its range and its actual end. */
      async function windowFor(range: FeedRange) {
        const cached = windows.get(keyOf(range), version);
        if (cached) return cached;
        const fresh =
          (await rankedFromCells(search, inputs, filter, range, { newestEventId, facts })) ??
          (await repo.feedWindow(search, inputs, filter, range));
        // Within its own end, an open window is the same set as the bounded one the next page asks for.
        if (!range.end && fresh.end) windows.set(keyOf({ after: range.after, end: fresh.end }), fresh, version);
        return windows.set(keyOf(range), fresh, version);
      }

      /** Up to `need` rows of a ranked window from `from` on, each still answerable now (its card read). */
      async function answerable(rows: FeedRow[], from: number, need: number) {
        const out: FeedRow[] = [];
        for (let i = from; out.length < need && i < rows.length; ) {
          const batch = rows.slice(i, i + need - out.length + CHECK_SLACK);
          i += batch.length;
          const unchecked = batch.filter((r) => !checked.has(r.id)).map((r) => r.id);
          if (unchecked.length > 0) await check(unchecked);
          for (const r of batch) if (out.length < need && checked.get(r.id)) out.push(r);
        }
        return out;
      }

      // The deck ranks inside a window of the soonest candidates (FEED_WINDOW); when a window runs out the
      // page continues in the next one, so every event stays reachable by paging.
      const ranked: FeedRow[] = [];
      const counts: Record<string, number> = {};
      let nextCursor: string | null = null;
      for (let opened = 0; opened < WINDOWS_PER_REQUEST; opened++) {
        const want = query.limit - ranked.length;
        const win = await windowFor({ after: cursor?.after ?? null, end: cursor?.end ?? null });
        const rows = await answerable(win.rows, indexAfter(win.rows, cursor?.last ?? null), want + 1);
        // The chips count every window this page drew from, so they match what the deck can show.
        for (const [id, n] of Object.entries(win.counts)) counts[id] = (counts[id] ?? 0) + Number(n);
        ranked.push(...rows.slice(0, want));
        const last = ranked.at(-1);
        if (rows.length > want && last && win.end) {
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
      const events: FeedItem[] = ranked.flatMap((r) => {
        const card = checked.get(r.id);
        if (!card) return [];
        const row = card.event;
        const distanceKm = r.distance_km == null ? null : Math.round(Number(r.distance_km) * 10) / 10;
        // Assigned onto the event's fresh object rather than spread into a new one: V8 adds each key after a
        // spread of 23 slowly (about 1 us a key, 0.25 ms a page of 20), and the serializer walks the result.
        return [
          Object.assign(toEvent(row), {
            host: card.host,
            cohosts: card.cohosts,
            attendees: card.attendees,
            attendeeCount: row.goingCount,
            friendsGoing: r.friends_going,
            distanceKm,
            score: r.score,
            questions: row.questions,
            maxGuestsPerPerson: row.maxGuestsPerPerson,
            reasons: reasonsFor({
              tagOverlap: r.tag_overlap,
              matchedTag: r.matched_tag,
              friendsGoing: r.friends_going,
              fits: r.fits,
              distanceKm,
              followed: r.followed,
            }),
          }),
        ];
      });
      const allCounts: Record<string, number> = {};
      for (const c of CATEGORIES) allCounts[c.id] = counts[c.id] ?? 0;
      const page = { events, nextCursor, counts: allCounts };
      const cards: Array<[number, number, UserSummary[]]> = [];
      for (const e of events) {
        const card = checked.get(e.id);
        if (card) cards.push([e.id, card.event.goingCount, card.attendees]);
      }
      const lastWrite = cells.lastWriteIn(
        cellsOfQuery(query),
        cards.map(([id]) => id),
      );
      const tag =
        lastWrite > writesBefore ? null : tags.tag(userId, JSON.stringify(query), { me: user, cards, lastWrite });
      return { page, tag };
    },
  };
  return service;
}
