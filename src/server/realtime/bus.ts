import { EventEmitter } from "node:events";
import { Redis } from "ioredis";

/**
 * Fan-out between app instances. A message published on one instance reaches the
 * subscribers of every instance (Redis) or of this process (in-process default).
 * Channels are logical names ("group:12"); the Redis bus puts REDIS_PREFIX in front of them.
 * A payload is a JSON object with a string `type`; anything else arriving from Redis is dropped.
 */
export interface Bus {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, onMessage: (payload: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Messages published, delivered to this instance, and dropped (unparseable, or Redis down): for /metrics. */
  readonly stats?: BusStats;
  /** Resolves when the bus's server answers (Redis PING); absent for the in-process bus: for /readyz. */
  ping?(): Promise<void>;
}

export interface BusStats {
  published: number;
  received: number;
  dropped: number;
}

/** The warn/info half of a pino logger: enough for the bus to say what it dropped. */
export interface BusLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** Before the app's logger exists (the bus is created first): pino-shaped JSON lines on stderr. */
const consoleLog: BusLog = {
  warn: (details, message) => console.error(JSON.stringify({ level: 40, time: Date.now(), ...details, msg: message })),
  info: (details, message) => console.error(JSON.stringify({ level: 30, time: Date.now(), ...details, msg: message })),
};

/** Every publisher sends `{ type: string, ... }`; a message without one is not ours (or is corrupt). */
function isBusMessage(value: unknown): value is { type: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { type?: unknown }).type === "string"
  );
}

export function createInProcessBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const stats: BusStats = { published: 0, received: 0, dropped: 0 };
  return {
    stats,
    async publish(channel, payload) {
      stats.published += 1;
      stats.received += emitter.listenerCount(channel) > 0 ? 1 : 0;
      // Serialise like Redis would, so both buses hand subscribers the same shapes.
      emitter.emit(channel, JSON.parse(JSON.stringify(payload)));
    },
    async subscribe(channel, onMessage) {
      emitter.on(channel, onMessage);
      return async () => void emitter.off(channel, onMessage);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export interface RedisBusOptions {
  /** REDIS_PREFIX: deployments sharing one Redis never hear each other. Default "link:". */
  prefix?: string;
  log?: BusLog;
}

/**
 * Pub/sub over Redis. ioredis reconnects on its own; on every (re)connect the subscriber
 * subscribes again to every channel this instance listens to. While Redis is down a publish
 * is logged and dropped (the message is already stored; sockets catch up by cursor) rather
 * than failing the request that caused it.
 */
export function createRedisBus(url: string, options: RedisBusOptions = {}): Bus {
  const prefix = options.prefix ?? "link:";
  const log = options.log ?? consoleLog;
  const stats: BusStats = { published: 0, received: 0, dropped: 0 };
  // No offline queue for publishes: a message queued for minutes would arrive stale and out of order.
  const publisher = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  // No offline queue either: a subscribe while Redis is down fails at once and the "ready" handler retries it.
  const subscriber = new Redis(url, { enableOfflineQueue: false, connectTimeout: 2000 });
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  let closed = false;

  const outage = new Set<string>();
  for (const [role, client] of [
    ["publisher", publisher],
    ["subscriber", subscriber],
  ] as const) {
    const lost = (reason: string) => {
      if (closed || outage.has(role)) return;
      outage.add(role);
      log.warn({ role, err: reason }, "redis bus: connection lost, retrying");
    };
    client.on("error", (error: Error) => lost(error.message));
    // A server that goes away closes the connection first; errors come only with the reconnect attempts.
    client.on("close", () => lost("connection closed"));
    client.on("ready", () => {
      if (!outage.delete(role)) return;
      log.info({ role }, "redis bus: reconnected");
    });
  }
  let connectedOnce = false;
  const firstConnection = new Promise<void>((resolve) => {
    subscriber.once("ready", resolve);
    setTimeout(resolve, 2000).unref();
  }).then(() => {
    connectedOnce = true;
  });
  // ioredis re-subscribes what it knew of; this also covers a subscribe that failed while Redis was down.
  subscriber.on("ready", () => {
    const channels = [...handlers.keys()].map((channel) => prefix + channel);
    if (channels.length > 0) subscriber.subscribe(...channels).catch(() => {});
  });

  subscriber.on("message", (prefixed: string, raw: string) => {
    const set = handlers.get(prefixed.slice(prefix.length));
    if (!prefixed.startsWith(prefix) || !set) return;
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      payload = undefined;
    }
    if (!isBusMessage(payload)) {
      stats.dropped += 1;
      log.warn(
        { channel: prefixed, bytes: raw.length },
        "redis bus: dropped a message that is not a JSON object with a type",
      );
      return;
    }
    stats.received += 1;
    for (const handler of set) {
      try {
        handler(payload);
      } catch (error) {
        log.warn(
          { channel: prefixed, type: payload.type, err: (error as Error).message },
          "redis bus: a subscriber failed on a message",
        );
      }
    }
  });

  return {
    stats,
    async ping() {
      await publisher.ping();
    },
    async publish(channel, payload) {
      try {
        await publisher.publish(prefix + channel, JSON.stringify(payload));
        stats.published += 1;
      } catch (error) {
        stats.dropped += 1;
        log.warn(
          { channel: prefix + channel, err: (error as Error).message },
          "redis bus: publish failed, message not fanned out",
        );
      }
    },
    async subscribe(channel, onMessage) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        // At start-up, wait for the first connection; later, while Redis is down, this fails at once
        // and the "ready" handler above subscribes once it is back.
        if (!connectedOnce) await firstConnection;
        await subscriber.subscribe(prefix + channel).catch((error: Error) => {
          log.warn(
            { channel: prefix + channel, err: error.message },
            "redis bus: subscribe deferred until Redis is back",
          );
        });
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await subscriber.unsubscribe(prefix + channel).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/**
 * Sessions that ended (logout, expiry, a sign-in or sign-up over an old session): every instance's
 * hub closes the sockets those sessions authenticated (issue 9.8). Only SHA-256 hashes travel.
 */
export const SESSIONS_REVOKED_CHANNEL = "sessions:revoked";
const SESSIONS_REVOKED = "sessions_revoked";

export async function publishSessionsRevoked(bus: Bus, sessionHashes: string[]) {
  if (sessionHashes.length > 0) await bus.publish(SESSIONS_REVOKED_CHANNEL, { type: SESSIONS_REVOKED, sessionHashes });
}

/** The hashes in a revocation message; nothing for anything else. */
export function revokedSessionHashes(payload: unknown): string[] {
  const p = payload as { type?: unknown; sessionHashes?: unknown };
  if (p?.type !== SESSIONS_REVOKED || !Array.isArray(p.sessionHashes)) return [];
  return p.sessionHashes.filter((h): h is string => typeof h === "string");
}
