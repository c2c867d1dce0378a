import { Roster, type RosterPerson } from "./roster";

/** A person's row as loaded: their place in the order of changes, and whether they belong in the list now. */
export interface RosterRow extends RosterPerson {
  seq: number;
  /** Opted in, going and not suspended. */
  listed: boolean;
}

/**
 * Profiles, availability and going change without an opt-in's change: a kept list is read again whole after
 * this long (in the background, the kept one serving meanwhile), so those show within a minute or so. Opt-ins
 * and phrases show at once (their changes are read on the next request), and every person listed is checked
 * against the database when shown.
 */
const ROSTER_MAX_AGE_MS = 60_000;
/** Events whose lists one instance keeps (the busiest stay; a list is one event's opted-in people). */
const ROSTERS_KEPT = 32;

/**
 * Each instance keeps the lists of the events being ranked. A request names the event's latest change
 * (`version`, the opt-ins' largest sequence number): a list behind it reads only the changed rows.
 */
export function rosterCache({
  load,
  now = () => Date.now(),
}: {
  /** The event's rows changed after `since` (all listed ones when null). */
  load: (eventId: number, since: number | null) => Promise<RosterRow[]>;
  now?: () => number;
}) {
  const kept = new Map<number, { roster: Roster; loadedAt: number }>();
  const loading = new Map<number, Promise<Roster>>();
  const rebuilding = new Set<number>();

  /** Reads the event's whole list and keeps it. */
  async function loadWhole(eventId: number, version: number): Promise<Roster> {
    const rows = await load(eventId, null);
    const roster = new Roster(
      Math.max(version, ...rows.map((r) => r.seq)),
      rows.filter((r) => r.listed),
    );
    kept.set(eventId, { roster, loadedAt: now() });
    return roster;
  }

  /** Brings a kept list up to date with the rows changed since it was read. */
  async function catchUp(roster: Roster, eventId: number): Promise<Roster> {
    const changed = await load(eventId, roster.version);
    let latest = roster.version;
    for (const row of changed) {
      if (row.listed) roster.put(row);
      else roster.remove(row.userId);
      latest = Math.max(latest, row.seq);
    }
    // A list is never newer than what it read: the next request reads from here.
    roster.version = latest;
    return roster;
  }

  const staleness = (entry: { roster: Roster; loadedAt: number }) =>
    now() - entry.loadedAt > ROSTER_MAX_AGE_MS || entry.roster.wasted > 0.25;

  async function refresh(eventId: number, version: number): Promise<Roster> {
    const entry = kept.get(eventId);
    if (!entry) return loadWhole(eventId, version);
    if (staleness(entry) && !rebuilding.has(eventId)) {
      // Read whole again in the background: requests meanwhile use the kept list, caught up with the changed
      // rows, rather than all waiting on a large event's whole list. The new list catches up in turn.
      rebuilding.add(eventId);
      void loadWhole(eventId, entry.roster.version)
        .catch(() => kept.delete(eventId))
        .finally(() => rebuilding.delete(eventId));
    }
    return entry.roster.version >= version ? entry.roster : catchUp(entry.roster, eventId);
  }

  return {
    /** The event's list, brought up to `version`. */
    async get(eventId: number, version: number): Promise<Roster> {
      const entry = kept.get(eventId);
      if (entry) {
        // Most recently used last: the first one is the one to drop.
        kept.delete(eventId);
        kept.set(eventId, entry);
        if (entry.roster.version >= version && !staleness(entry)) return entry.roster;
      }
      let pending = loading.get(eventId);
      if (!pending) {
        pending = refresh(eventId, version).finally(() => loading.delete(eventId));
        loading.set(eventId, pending);
      }
      const roster = await pending;
      while (kept.size > ROSTERS_KEPT) kept.delete(kept.keys().next().value as number);
      return roster;
    },
    /** Drops an event's list (its matchmaking turned off, or it was hidden). */
    forget(eventId: number) {
      kept.delete(eventId);
    },
  };
}
