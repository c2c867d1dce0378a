import { Roster, type RosterPerson } from "./roster";

/** A person's row as loaded: their place in the order of changes, and whether they belong in the list now. */
export interface RosterRow extends RosterPerson {
  seq: number;
  /** Opted in, going and not suspended. */
  listed: boolean;
}

/**
 * Profiles, availability and going change without an opt-in's change: a kept list is read again whole after
 * this long, so those show within a minute. Opt-ins and phrases show at once (their changes are read on the
 * next request), and every person listed is checked against the database when shown.
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

  async function refresh(eventId: number, version: number): Promise<Roster> {
    const entry = kept.get(eventId);
    const stale = !entry || now() - entry.loadedAt > ROSTER_MAX_AGE_MS || entry.roster.wasted > 0.25;
    if (stale) {
      const rows = await load(eventId, null);
      const roster = new Roster(
        Math.max(version, ...rows.map((r) => r.seq)),
        rows.filter((r) => r.listed),
      );
      kept.set(eventId, { roster, loadedAt: now() });
      return roster;
    }
    const changed = await load(eventId, entry.roster.version);
    let latest = entry.roster.version;
    for (const row of changed) {
      if (row.listed) entry.roster.put(row);
      else entry.roster.remove(row.userId);
      latest = Math.max(latest, row.seq);
    }
    // A list is never newer than what it read: the next request reads from here.
    entry.roster.version = latest;
    return entry.roster;
  }

  return {
    /** The event's list, brought up to `version`. */
    async get(eventId: number, version: number): Promise<Roster> {
      const entry = kept.get(eventId);
      if (entry && entry.roster.version >= version && now() - entry.loadedAt <= ROSTER_MAX_AGE_MS) {
        // Most recently used last: the first one is the one to drop.
        kept.delete(eventId);
        kept.set(eventId, entry);
        return entry.roster;
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
