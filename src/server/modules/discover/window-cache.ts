import type { FeedWindow } from "./ranking-sql";

/**
 * How long a ranked window is served without being rebuilt. Every page still checks the user's ranking
 * inputs and answers and each card's eligibility (repository.ts), so this bounds only what those checks
 * cannot see: other people's edits to an event's date, tags or place, and friends joining events.
 */
const FEED_WINDOW_TTL_MS = 30_000;
/** Rows kept across all cached windows of this instance (a window holds up to FEED_WINDOW); oldest go first. */
const FEED_CACHE_ROWS = 200_000;

/** Lookups answered from a kept window (hits) or not (misses), over every cache of this process: bench/feed.ts reads them. */
export const windowCacheCounts = { hits: 0, misses: 0 };

export interface CachedWindow extends FeedWindow {
  /** The ranking inputs and answers stamp the window was ranked with. */
  version: string;
  until: number;
}

/**
 * Ranked windows per user and query, in this process, least recently used first out. No instance has to
 * hear about another's writes: a window is used only while the version read on every request matches.
 */
export function createWindowCache(ttlMs = FEED_WINDOW_TTL_MS, maxRows = FEED_CACHE_ROWS) {
  const entries = new Map<string, CachedWindow>();
  let rows = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    rows -= entry.rows.length + 1;
  };
  return {
    get(key: string, version: string): CachedWindow | undefined {
      const entry = entries.get(key);
      if (entry) drop(key);
      if (!entry || entry.version !== version || entry.until <= Date.now()) {
        windowCacheCounts.misses += 1;
        return undefined;
      }
      windowCacheCounts.hits += 1;
      entries.set(key, entry);
      rows += entry.rows.length + 1;
      return entry;
    },
    /** The window under key whatever its version, without refreshing it: to guess a page's candidates. */
    peek(key: string): CachedWindow | undefined {
      return entries.get(key);
    },
    set(key: string, window: FeedWindow, version: string): CachedWindow {
      const entry = { ...window, version, until: Date.now() + ttlMs };
      drop(key);
      entries.set(key, entry);
      rows += entry.rows.length + 1;
      for (const oldest of entries.keys()) {
        if (rows <= maxRows) break;
        drop(oldest);
      }
      return entry;
    },
  };
}
export type WindowCache = ReturnType<typeof createWindowCache>;
