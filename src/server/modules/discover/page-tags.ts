import { createHash } from "node:crypto";
import type { UserSummary } from "#contract/events";
import type { RankingInputs } from "./repository";

/**
 * How long a page's tag may answer "not modified". Each revalidation checks the person's ranking inputs,
 * every card of the page (still answerable, its going count, the attendees the person may see) and the
 * event writes heard in the page's cells; this bounds only what none of those tells: friends joining
 * other events (their ranking) and rows written outside the app.
 */
const PAGE_TAG_TTL_MS = 30_000;
/** Tags kept by one instance, the oldest out first: about 200 bytes each with a page of 20 ids. */
const PAGE_TAGS_MAX = 20_000;
/**
 * The written first pages kept by one instance, counted in characters of JSON (a byte each on the heap for
 * Latin text, two for others), the least recently served out first: a page of 20 cards is about 18 000, so
 * this keeps about 3 500 people's (bench/feed.ts prints the heap for 10 000).
 */
const KEPT_PAGES_MAX_BYTES = 64 * 1024 * 1024;

/** Answers and 304s given from kept tags, over every store of this process: bench/feed.ts reads them. */
export const pageTagCounts = { notModified: 0, changed: 0, unknown: 0, keptServed: 0 };

/** What a served page was drawn from, as read while drawing it (or again to revalidate it). */
export interface PageState {
  me: RankingInputs;
  /** Each card shown, in order: [event id, going count, the attendees the person may see]. */
  cards: Array<[number, number, UserSummary[]]>;
  /** The latest batch of event writes heard in the page's cells or of its events (cell-pool.ts). */
  lastWrite: number;
}

interface KeptTag {
  userId: number;
  /** The query exactly as asked (cursor and limit included): a tag answers only for the same address. */
  query: string;
  eventIds: number[];
  until: number;
}

/** The state's digest: the ranking inputs as the SQL read them, each card's moving parts, the write batch. */
function digest(userId: number, query: string, s: PageState) {
  const { me } = s;
  const inputs = [me.interests, me.skills, me.timezone, me.friendIds, me.followedIds, me.free, me.answers];
  return createHash("sha256")
    .update(JSON.stringify([userId, query, inputs, me.newestEventId, s.cards, s.lastWrite]))
    .digest("base64url")
    .slice(0, 27);
}

/**
 * The feed pages' entity tags, kept per instance: a tag is the digest of what its page was drawn from, and
 * a conditional request is answered 304 only when reading that again (one statement) gives the same
 * digest, so a block, a hide, a cancellation, a guest-list change, a new answer or a full event always
 * changes it. A tag another instance made, or one forgotten here, is simply answered in full.
 */
export function createPageTags(ttlMs = PAGE_TAG_TTL_MS, max = PAGE_TAGS_MAX, maxPageBytes = KEPT_PAGES_MAX_BYTES) {
  const tags = new Map<string, KeptTag>();
  /** Per person and query, the last first page written and its tag; served again only once revalidated. */
  const pages = new Map<string, { tag: string; body: string }>();
  let pageBytes = 0;
  const pageKey = (userId: number, query: string) => `${userId}|${query}`;
  const forget = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    pageBytes -= page.body.length;
  };
  return {
    /** Keeps a first page as written, under its tag: the same person asking again is served it once revalidated. */
    keepPage(userId: number, query: string, tag: string, body: string) {
      const key = pageKey(userId, query);
      forget(key);
      pages.set(key, { tag, body });
      pageBytes += body.length;
      for (const oldest of pages.keys()) {
        if (pageBytes <= maxPageBytes) break;
        forget(oldest);
      }
    },
    /** The page kept for this person and query, with its tag (to revalidate before serving it). */
    keptPage(userId: number, query: string) {
      const key = pageKey(userId, query);
      const page = pages.get(key);
      if (!page) return undefined;
      // Served again: the last to be evicted.
      pages.delete(key);
      pages.set(key, page);
      return page;
    },
    /** How many pages are kept and their bytes (the bench prints them). */
    keptPages: () => ({ pages: pages.size, bytes: pageBytes }),
    /** The tag of a page just drawn (kept for revalidation). */
    tag(userId: number, query: string, state: PageState): string {
      const tag = digest(userId, query, state);
      tags.delete(tag);
      tags.set(tag, { userId, query, eventIds: state.cards.map(([id]) => id), until: Date.now() + ttlMs });
      for (const oldest of tags.keys()) {
        if (tags.size <= max) break;
        tags.delete(oldest);
      }
      return tag;
    },
    /** The events a kept, young tag's page showed to this person for this query; null when it is not one. */
    shown(userId: number, query: string, tag: string): number[] | null {
      const kept = tags.get(tag);
      if (!kept || kept.userId !== userId || kept.query !== query || kept.until <= Date.now()) {
        pageTagCounts.unknown += 1;
        return null;
      }
      return kept.eventIds;
    },
    /** Whether the page under `tag` is still what `state` (read now) would draw. */
    same(userId: number, query: string, tag: string, state: PageState): boolean {
      const same = digest(userId, query, state) === tag;
      if (same) pageTagCounts.notModified += 1;
      else pageTagCounts.changed += 1;
      return same;
    },
  };
}
export type PageTags = ReturnType<typeof createPageTags>;
