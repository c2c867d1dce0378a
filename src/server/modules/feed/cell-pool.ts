import type { FeedMark } from "./cursor";
import { FEED_CELL_SCAN } from "./ranking-sql";

/** One upcoming event of a grid cell, as the in-memory ranking reads it (cell-pool.ts, window-ranking.ts). */
export interface CellEvent {
  id: number;
  cell: number;
  /** The start in epoch microseconds, as the SQL window and the cursor count it. */
  dateUs: number;
  hostId: number;
  lat: number;
  lng: number;
  /** Tags and title lower-cased by PostgreSQL, as the SQL window compares them. */
  ltags: string[];
  ltitle: string;
  maxAttendees: number | null;
  goingCount: number;
  /** The latest earlier open occurrence of the event's series (epoch µs), or null. */
  seriesPrevUs: number | null;
}

/**
 * How long a cell's events are used before they are read again. Whatever a page serves is still checked in
 * SQL (the cards statement: cancelled, hidden, full, answered, blocked), so this bounds only how long
 * another instance's edit of an event's date, tags or place, or a cancellation, takes to reach the ranking
 * and the chip counts of new windows; a new event anywhere reaches them at once (the newest event id is read
 * with every person's inputs).
 */
const CELL_POOL_TTL_MS = 5_000;
/**
 * Events read per cell: a window scans at most FEED_CELL_SCAN events across its cells, some of which it
 * skips (the person's own, full ones), so a little more than that per cell answers nearly every first window.
 */
const CELL_POOL_DEPTH = FEED_CELL_SCAN + 250;
/** Cells kept by one instance (each up to CELL_POOL_DEPTH events, a city about nine); the least recently used go first. */
const CELL_POOL_MAX_CELLS = 500;

interface Cell {
  rows: CellEvent[];
  /** Whether the cell holds no more upcoming events than these. */
  complete: boolean;
  loadedAt: number;
  newestEventId: number;
}

export type LoadCells = (type: string, cells: number[], now: Date, perCell: number) => Promise<CellEvent[]>;

/**
 * The upcoming events of each grid cell and type, kept in this process and shared by everyone whose radius
 * covers the cell: a first page for someone new is then arithmetic over a few thousand rows in memory
 * (window-ranking.ts) instead of a ranking statement per person.
 */
export function createCellPool(load: LoadCells, ttlMs = CELL_POOL_TTL_MS, depth = CELL_POOL_DEPTH) {
  const cells = new Map<string, Cell>();
  const loading = new Map<string, { read: Promise<void>; newestEventId: number }>();
  const keyOf = (type: string, cell: number) => `${type}|${cell}`;
  // Cells read after a newer event than the asker knows of are current for it too.
  const fresh = (c: Cell | undefined, newestEventId: number, at: number) =>
    c !== undefined && c.newestEventId >= newestEventId && at - c.loadedAt < ttlMs;

  async function loadMissing(type: string, missing: number[], newestEventId: number, now: Date) {
    const found = await load(type, missing, now, depth);
    const byCell = new Map<number, CellEvent[]>(missing.map((c) => [c, []]));
    for (const row of found) byCell.get(row.cell)?.push(row);
    const loadedAt = Date.now();
    for (const [cell, rows] of byCell) {
      const key = keyOf(type, cell);
      // A read that started earlier may end later: it never replaces cells read for a newer event.
      if ((cells.get(key)?.newestEventId ?? -1) > newestEventId) continue;
      cells.delete(key);
      cells.set(key, { rows, complete: rows.length < depth, loadedAt, newestEventId });
    }
    for (const oldest of cells.keys()) {
      if (cells.size <= CELL_POOL_MAX_CELLS) break;
      cells.delete(oldest);
    }
  }

  return {
    /**
     * The events of each of these cells in (date, id) order, current for `newestEventId`, read where missing
     * or old; and `known`: the point up to which the lists are the cells' whole content (null: all of it).
     */
    async events(type: string, wanted: number[], newestEventId: number, now: Date) {
      const at = Date.now();
      // One read for the cells nobody is reading yet; a cell already being read is waited for, not read twice.
      const missing = wanted.filter((c) => !fresh(cells.get(keyOf(type, c)), newestEventId, at));
      const unread = missing.filter((c) => (loading.get(keyOf(type, c))?.newestEventId ?? -1) < newestEventId);
      if (unread.length > 0) {
        const read = loadMissing(type, unread, newestEventId, now).finally(() => {
          for (const c of unread) if (loading.get(keyOf(type, c))?.read === read) loading.delete(keyOf(type, c));
        });
        for (const c of unread) loading.set(keyOf(type, c), { read, newestEventId });
      }
      await Promise.all(missing.map((c) => loading.get(keyOf(type, c))?.read));
      const lists: CellEvent[][] = [];
      let known: FeedMark | null = null;
      for (const c of wanted) {
        const cell = cells.get(keyOf(type, c));
        if (!cell) return null;
        lists.push(cell.rows);
        const last = cell.rows.at(-1);
        if (!cell.complete && last && (!known || before(last, known))) known = { us: last.dateUs, id: last.id };
      }
      return { lists, known };
    },
  };
}
export type CellPool = ReturnType<typeof createCellPool>;

/** Whether an event lies before a (date, id) mark. */
export const before = (e: CellEvent, m: FeedMark) => e.dateUs < m.us || (e.dateUs === m.us && e.id < m.id);
