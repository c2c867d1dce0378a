import { SESSIONS_REVOKED_CHANNEL } from "#contract/bus";
import { type Bus, revokedSessionHashes } from "../realtime/bus";

/**
 * How long a resolved session is trusted without reading its row again. Below the one-minute touch
 * interval of the idle clock, so an active session's last_seen_at stays as fresh as without the cache;
 * a session past its absolute end is refused at most this late (the sweeper revokes it sooner).
 */
const SESSION_CACHE_TTL_MS = 30_000;
/** Entries kept per instance; the oldest go first. */
const SESSION_CACHE_MAX = 50_000;

interface Entry {
  userId: number;
  until: number;
}

/**
 * Resolved sessions by id hash, per instance, so a request does not read the sessions table every time.
 * Revocation stays instant: every instance drops a session the moment its revocation reaches the bus
 * (logout, sign-in over it, expiry sweep), and the instance that ends a session drops it before answering.
 * A lookup racing a revocation cannot put the revoked session back (recent revocations are remembered).
 */
export function createSessionCache(bus: Bus, ttlMs = SESSION_CACHE_TTL_MS) {
  const entries = new Map<string, Entry>();
  const revokedAt = new Map<string, number>();

  function evict(hashes: string[]) {
    const now = Date.now();
    for (const hash of hashes) {
      entries.delete(hash);
      revokedAt.set(hash, now);
    }
    // Forget revocations older than any lookup that could still be in flight.
    for (const [hash, at] of revokedAt) {
      if (now - at <= ttlMs) break;
      revokedAt.delete(hash);
    }
  }
  const subscription = bus.subscribe(SESSIONS_REVOKED_CHANNEL, (payload) => evict(revokedSessionHashes(payload)));
  // A bus that cannot subscribe (Redis down at start) must not crash the app: without it nothing is cached.
  let listening = false;
  subscription.then(
    () => {
      listening = true;
    },
    () => {},
  );

  return {
    get(idHash: string): number | null {
      const entry = entries.get(idHash);
      if (!entry) return null;
      if (entry.until <= Date.now()) {
        entries.delete(idHash);
        return null;
      }
      return entry.userId;
    },
    /** Remembers a session resolved from the database at `lookedUpAt` (before the read started). */
    set(idHash: string, userId: number, lookedUpAt: number) {
      if (!listening) return;
      const revoked = revokedAt.get(idHash);
      if (revoked !== undefined && revoked >= lookedUpAt) return;
      if (entries.size >= SESSION_CACHE_MAX) entries.delete(entries.keys().next().value as string);
      entries.set(idHash, { userId, until: lookedUpAt + ttlMs });
    },
    evict,
    async close() {
      await (await subscription.catch(() => async () => {}))();
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;

const cacheByBus = new WeakMap<Bus, SessionCache>();

/** The one session cache of the app that owns this bus (the resolver and the routes that end sessions share it). */
export function sessionCacheFor(bus: Bus): SessionCache {
  let cache = cacheByBus.get(bus);
  if (!cache) {
    cache = createSessionCache(bus);
    cacheByBus.set(bus, cache);
  }
  return cache;
}
