import type { UserSummary } from "#contract/events";
import type { EventRow } from "../events";
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
  /** The chips it counts under (window-ranking.ts `categoryMask`). */
  categories: number;
  maxAttendees: number | null;
  goingCount: number;
  /** The latest earlier open occurrence of the event's series (epoch µs), or null. */
  seriesPrevUs: number | null;
}

/**
 * The parts of an event's card that only its own writes change (the event row, its host and co-hosts): kept
 * per instance beside the cells and evicted with them. Its going count and the attendees a viewer may see are
 * read fresh with each page's final check.
 */
export interface KeptCard {
  event: EventRow;
  host: UserSummary | null;
  cohosts: UserSummary[];
}

/** An event as written, as the bus tells every instance of it: its cells before and after are read again. */
export interface ChangedEvent {
  id: number;
  type: string;
  cell: number | null;
}

/**
 * How long a cell's events are used before they are read again. Event writes through the app reach every
 * instance on the bus at once (`changed`), and whatever a page serves is still checked in SQL (the cards
 * statement: cancelled, hidden, full, answered, blocked); so this bounds only what no event write tells:
 * seats taken by joins (a full event is skipped when ranking, and never served), and rows written
 * outside the app.
 */
const CELL_POOL_TTL_MS = 30_000;
/**
 * Events read per cell: a window scans at most FEED_CELL_SCAN events across its cells, some of which it
 * skips (the person's own, full ones), so a little more than that per cell answers nearly every first window.
 */
const CELL_POOL_DEPTH = FEED_CELL_SCAN + 250;
/**
 * Rows kept by one instance over all its cells, the least recently used cells out first. The bench's
 * country (50 cities, 100 000 events) keeps about 47 000 rows in 762 cells.
 */
const CELL_POOL_MAX_ROWS = 200_000;
/** Cards kept by one instance, the least recently used out first (a page shows the top of a few rankings). */
const CARDS_MAX = 20_000;
/** Ids of events heard on the bus that are remembered to tell whether a kept cell knows of a new event. */
const HEARD_MAX = 100_000;

interface Cell {
  rows: CellEvent[];
  /** Whether the cell holds no more upcoming events than these. */
  complete: boolean;
  /** When the read of these rows started. */
  loadedAt: number;
  /** Every event with an id up to this one is in the rows if it belongs there. */
  currentThrough: number;
}

export type LoadCells = (type: string, cells: number[], now: Date, perCell: number) => Promise<CellEvent[]>;

/** What the pool holds, for /metrics, the bench and its limits. */
export interface CellPoolSize {
  cells: number;
  rows: number;
  /** Cell reads, and events heard on the bus. */
  reads: number;
  heard: number;
}

/**
 * The upcoming events of each grid cell and type, kept in this process and shared by everyone whose radius
 * covers the cell: a first page for someone new is then arithmetic over a few thousand rows in memory
 * (window-ranking.ts) instead of a ranking statement per person. Filled on demand; an event written on any
 * instance evicts its cells on every instance (`changed`, from the bus), so a kept cell stays true without
 * being read again, and a cell read before an eviction it raced is never kept.
 */
export function createCellPool(
  load: LoadCells,
  { ttlMs = CELL_POOL_TTL_MS, depth = CELL_POOL_DEPTH, maxRows = CELL_POOL_MAX_ROWS } = {},
) {
  const cells = new Map<string, Cell>();
  /** The kept cell of each kept event, to evict the cell an event leaves when it moves or changes type. */
  const cellOfEvent = new Map<number, string>();
  /** Events heard of on the bus (oldest first): a cell is current for a newer event id when all between were heard. */
  const heard = new Set<number>();
  /** When each cell was last evicted: a read that started before is not kept. */
  const evictedAt = new Map<string, number>();
  const loading = new Map<string, { read: Promise<Map<number, Cell>>; newestEventId: number; startedAt: number }>();
  const cards = new Map<number, KeptCard & { loadedAt: number }>();
  /** When each card was last evicted: a card read that started before is not kept. */
  const cardEvictedAt = new Map<number, number>();
  const size: CellPoolSize = { cells: 0, rows: 0, reads: 0, heard: 0 };
  /**
   * Event writes heard so far (a batch counts one), and the latest batch each grid cell and event was written
   * in, whether kept or not: what a page's tag compares to tell that nothing it was drawn from was written
   * since. Forgotten wholesale past HEARD_MAX events; `forgottenThrough` then stands for every forgotten one.
   */
  let writes = 0;
  let forgottenThrough = 0;
  const cellWrittenIn = new Map<number, number>();
  const eventWrittenIn = new Map<number, { batch: number; cell: number | null }>();
  const keyOf = (type: string, cell: number) => `${type}|${cell}`;

  function drop(key: string) {
    const cell = cells.get(key);
    if (!cell) return;
    cells.delete(key);
    for (const row of cell.rows) if (cellOfEvent.get(row.id) === key) cellOfEvent.delete(row.id);
    size.cells -= 1;
    size.rows -= cell.rows.length;
  }
  function keep(key: string, cell: Cell) {
    drop(key);
    cells.set(key, cell);
    for (const row of cell.rows) cellOfEvent.set(row.id, key);
    size.cells += 1;
    size.rows += cell.rows.length;
    for (const oldest of cells.keys()) {
      if (size.rows <= maxRows || oldest === key) break;
      drop(oldest);
    }
  }
  function evict(key: string, at: number) {
    drop(key);
    // Re-inserted, so the map stays in eviction order for the forgetting below.
    evictedAt.delete(key);
    evictedAt.set(key, at);
  }

  /** Whether a kept cell holds every event up to `newestEventId` and is young enough; advances what it knows. */
  function current(cell: Cell | undefined, newestEventId: number, at: number): cell is Cell {
    if (cell === undefined || at - cell.loadedAt >= ttlMs) return false;
    // An event created since the cell was read was heard on the bus (and evicted the cell it belongs to);
    // one not heard (written outside the app, or its notice still on the way) means reading the cell again.
    while (cell.currentThrough < newestEventId) {
      if (!heard.has(cell.currentThrough + 1)) return false;
      cell.currentThrough += 1;
    }
    return true;
  }

  async function read(type: string, missing: number[], newestEventId: number, now: Date, startedAt: number) {
    size.reads += 1;
    const found = await load(type, missing, now, depth);
    const byCell = new Map<number, CellEvent[]>(missing.map((c) => [c, []]));
    for (const row of found) byCell.get(row.cell)?.push(row);
    const read = new Map<number, Cell>();
    for (const [c, rows] of byCell) {
      const cell = { rows, complete: rows.length < depth, loadedAt: startedAt, currentThrough: newestEventId };
      read.set(c, cell);
      const key = keyOf(type, c);
      // A read that started before an eviction may miss that change; one that started earlier than the
      // kept cell's never replaces it.
      if ((evictedAt.get(key) ?? -1) >= startedAt || (cells.get(key)?.loadedAt ?? -1) > startedAt) continue;
      keep(key, cell);
    }
    return read;
  }

  return {
    /**
     * The events of each of these cells in (date, id) order, current for `newestEventId`, read where missing
     * or old; and `known`: the point up to which the lists are the cells' whole content (null: all of it).
     */
    async events(type: string, wanted: number[], newestEventId: number, now: Date) {
      const at = Date.now();
      const got = new Map<number, Cell>();
      const waits: Array<Promise<void>> = [];
      const unread: number[] = [];
      for (const c of wanted) {
        const key = keyOf(type, c);
        const cell = cells.get(key);
        if (current(cell, newestEventId, at)) {
          got.set(c, cell);
          continue;
        }
        // A cell already being read for this event id or a newer one, since its last eviction, is waited for.
        const pending = loading.get(key);
        if (pending && pending.newestEventId >= newestEventId && pending.startedAt > (evictedAt.get(key) ?? -1))
          waits.push(pending.read.then((r) => void got.set(c, r.get(c) as Cell)));
        else unread.push(c);
      }
      if (unread.length > 0) {
        const pending = read(type, unread, newestEventId, now, at);
        const done = pending.finally(() => {
          for (const c of unread) if (loading.get(keyOf(type, c))?.read === pending) loading.delete(keyOf(type, c));
        });
        for (const c of unread) loading.set(keyOf(type, c), { read: pending, newestEventId, startedAt: at });
        waits.push(
          done.then((r) => {
            for (const [c, cell] of r) got.set(c, cell);
          }),
        );
      }
      await Promise.all(waits);
      const lists: CellEvent[][] = [];
      let known: FeedMark | null = null;
      for (const c of wanted) {
        const cell = got.get(c);
        if (!cell) return null;
        lists.push(cell.rows);
        const last = cell.rows.at(-1);
        if (!cell.complete && last && (!known || before(last, known))) known = { us: last.dateUs, id: last.id };
      }
      return { lists, known };
    },

    /**
     * The events of each of these cells as kept now, without reading any or asking for a newer event id; null
     * when one is not kept or too old. What a first page's single statement checks before the ranking inputs
     * say which event is the newest (the ranking then asks `events`, which reads whatever this missed).
     */
    kept(type: string, wanted: number[]) {
      const at = Date.now();
      const lists: CellEvent[][] = [];
      let known: FeedMark | null = null;
      for (const c of wanted) {
        const cell = cells.get(keyOf(type, c));
        if (!current(cell, 0, at)) return null;
        lists.push(cell.rows);
        const last = cell.rows.at(-1);
        if (!cell.complete && last && (!known || before(last, known))) known = { us: last.dateUs, id: last.id };
      }
      return { lists, known };
    },

    /** The kept card of an event, or undefined when it is not kept or too old. */
    card(id: number): KeptCard | undefined {
      const card = cards.get(id);
      if (!card) return undefined;
      cards.delete(id);
      if (Date.now() - card.loadedAt >= ttlMs) return undefined;
      cards.set(id, card);
      return card;
    },
    /** Keeps cards read by a statement that started at `startedAt`, unless their event was written since. */
    keepCards(read: KeptCard[], startedAt: number) {
      for (const { event, host, cohosts } of read) {
        if ((cardEvictedAt.get(event.id) ?? -1) >= startedAt) continue;
        cards.delete(event.id);
        cards.set(event.id, { event, host, cohosts, loadedAt: startedAt });
      }
      for (const oldest of cards.keys()) {
        if (cards.size <= CARDS_MAX) break;
        cards.delete(oldest);
      }
    },

    /** Events written on some instance (the bus): the cells they were and are in are read again when next asked. */
    changed(written: ChangedEvent[]) {
      const at = Date.now();
      writes += 1;
      if (eventWrittenIn.size + written.length > HEARD_MAX) {
        eventWrittenIn.clear();
        cellWrittenIn.clear();
        forgottenThrough = writes;
      }
      for (const event of written) {
        // The cell it left is written too: a page drawn from that cell may have counted or shown it.
        const left = eventWrittenIn.get(event.id)?.cell;
        if (left != null) cellWrittenIn.set(left, writes);
        if (event.cell != null) cellWrittenIn.set(event.cell, writes);
        eventWrittenIn.set(event.id, { batch: writes, cell: event.cell });
        cards.delete(event.id);
        cardEvictedAt.delete(event.id);
        cardEvictedAt.set(event.id, at);
        const was = cellOfEvent.get(event.id);
        if (was !== undefined) evict(was, at);
        if (event.cell != null) evict(keyOf(event.type, event.cell), at);
        if (!heard.has(event.id)) {
          heard.add(event.id);
          size.heard += 1;
          if (heard.size > HEARD_MAX) heard.delete(heard.values().next().value as number);
        }
      }
      // Evictions older than any read still in flight are forgotten.
      for (const [key, when] of evictedAt) {
        if (at - when <= ttlMs) break;
        evictedAt.delete(key);
      }
      for (const [id, when] of cardEvictedAt) {
        if (at - when <= ttlMs) break;
        cardEvictedAt.delete(id);
      }
    },

    /** How many batches of event writes this instance heard so far: a page's reads start after this one. */
    writesHeard: () => writes,
    /**
     * The latest batch of event writes that touched these grid cells (null: anywhere) or these events; a
     * page drawn from them is current while this stays the same.
     */
    lastWriteIn(cellsOrAll: number[] | null, eventIds: number[]) {
      if (cellsOrAll === null) return writes;
      let latest = forgottenThrough;
      for (const c of cellsOrAll) latest = Math.max(latest, cellWrittenIn.get(c) ?? 0);
      for (const id of eventIds) latest = Math.max(latest, eventWrittenIn.get(id)?.batch ?? 0);
      return latest;
    },

    /** Cells and rows kept now, cell reads and events heard so far. */
    size(): CellPoolSize {
      return { ...size };
    },
  };
}
export type CellPool = ReturnType<typeof createCellPool>;

/** Whether an event lies before a (date, id) mark. */
export const before = (e: CellEvent, m: FeedMark) => e.dateUs < m.us || (e.dateUs === m.us && e.id < m.id);
