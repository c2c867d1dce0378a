import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import { type BusEvent, busEventSchema, SESSIONS_REVOKED_CHANNEL } from "#contract/bus";

/**
 * Fan-out between app instances. An event published on one instance reaches the
 * subscribers of every instance (Redis) or of this process (in-process default).
 * Channels and events are in src/contract/bus.ts; the Redis bus puts REDIS_PREFIX in front of channels.
 * Anything arriving from Redis that is not a BusEvent is dropped and logged.
 */
export interface Bus {
  publish(channel: string, event: BusEvent): Promise<void>;
  subscribe(channel: string, onEvent: (event: BusEvent) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Messages published, delivered to this instance, and dropped (unparseable, or Redis down): for /metrics. */
  readonly stats?: BusStats;
  /** Resolves when the bus's server answers (Redis PING); absent for the in-process bus: for /readyz. */
  ping?(): Promise<void>;
  /**
   * Calls `listener` each time the bus is subscribed again after losing its server: whatever was published
   * meanwhile never arrived, so a listener replays it from storage. Absent for the in-process bus.
   */
  onResubscribed?(listener: () => void): () => void;
}

interface BusStats {
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

export function createInProcessBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const stats: BusStats = { published: 0, received: 0, dropped: 0 };
  return {
    stats,
    async publish(channel, event) {
      stats.published += 1;
      stats.received += emitter.listenerCount(channel) > 0 ? 1 : 0;
      // The event as published: a BusEvent holds only JSON values, so Redis would hand over the same shape.
      emitter.emit(channel, event);
    },
    async subscribe(channel, onEvent) {
      emitter.on(channel, onEvent);
      return async () => void emitter.off(channel, onEvent);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Chat messages kept for the other instances while Redis is down; past this, the oldest are left to catch-up by cursor. */
const UNSENT_MAX = 10_000;

export interface RedisBusOptions {
  /** REDIS_PREFIX: deployments sharing one Redis never hear each other. Default "link:". */
  prefix?: string;
  log?: BusLog;
}

/**
 * Pub/sub over Redis. An event is handed to this instance's own subscribers at once, without Redis
 * (its echo from Redis is skipped by its origin), so sockets on the publishing instance hear it even
 * while Redis is down. ioredis reconnects on its own; on every (re)connect the subscriber subscribes
 * again to every channel this instance listens to and, after an outage, tells onResubscribed's
 * listeners so they replay what the other instances published meanwhile. While Redis is down a
 * publish to the other instances is logged and dropped rather than failing the request that caused it.
 */
export function createRedisBus(url: string, options: RedisBusOptions = {}): Bus {
  const prefix = options.prefix ?? "link:";
  const log = options.log ?? consoleLog;
  const stats: BusStats = { published: 0, received: 0, dropped: 0 };
  // No offline queue for publishes: a message queued for minutes would arrive stale and out of order.
  const publisher = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  // No offline queue either: a subscribe while Redis is down fails at once and the "ready" handler retries it.
  const subscriber = new Redis(url, { enableOfflineQueue: false, connectTimeout: 2000 });
  const handlers = new Map<string, Set<(event: BusEvent) => void>>();
  const resubscribed = new Set<() => void>();
  /** Sent along with every event so this instance skips its own echo (delivered locally already). */
  const origin = randomUUID();
  let closed = false;
  let subscriberLost = false;
  /**
   * Chat messages whose publish failed, sent once the publisher is back: an instance whose subscriber
   * returned first has already replayed from storage, so it would never see them otherwise. Only
   * new_message: it is stored and delivered by id (a late or repeated one is skipped), while a late vote
   * count or presence could overwrite a newer one.
   */
  const unsent: Array<{ channel: string; payload: string }> = [];

  function handOut(channel: string, event: BusEvent) {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(event);
      } catch (error) {
        log.warn(
          { channel: prefix + channel, type: event.type, err: (error as Error).message },
          "redis bus: a subscriber failed on a message",
        );
      }
    }
  }

  const outage = new Set<string>();
  for (const [role, client] of [
    ["publisher", publisher],
    ["subscriber", subscriber],
  ] as const) {
    const lost = (reason: string) => {
      if (closed) return;
      if (role === "subscriber") subscriberLost = true;
      if (outage.has(role)) return;
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
  publisher.on("ready", async () => {
    while (unsent.length > 0 && !closed) {
      const next = unsent[0];
      try {
        await publisher.publish(next.channel, next.payload);
      } catch {
        return; // down again: the rest waits for the next "ready"
      }
      unsent.shift();
      stats.published += 1;
    }
  });
  let connectedOnce = false;
  const firstConnection = new Promise<void>((resolve) => {
    subscriber.once("ready", resolve);
    setTimeout(resolve, 2000).unref();
  }).then(() => {
    connectedOnce = true;
  });
  // ioredis re-subscribes what it knew of; this also covers a subscribe that failed while Redis was down.
  subscriber.on("ready", async () => {
    const after = subscriberLost;
    subscriberLost = false;
    const channels = [...handlers.keys()].map((channel) => prefix + channel);
    if (channels.length > 0) await subscriber.subscribe(...channels).catch(() => {});
    if (!after || closed) return;
    for (const listener of resubscribed) {
      try {
        listener();
      } catch (error) {
        log.warn({ err: (error as Error).message }, "redis bus: a resubscribe listener failed");
      }
    }
  });

  subscriber.on("message", (prefixed: string, raw: string) => {
    const set = handlers.get(prefixed.slice(prefix.length));
    if (!prefixed.startsWith(prefix) || !set) return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    if ((json as { origin?: unknown } | null)?.origin === origin) return;
    // One message carries one event, or every event another instance published on this channel in one turn.
    const batch = (json as { events?: unknown } | null)?.events;
    for (const item of Array.isArray(batch) ? batch : [json]) {
      const parsed = busEventSchema.safeParse(item);
      if (!parsed.success) {
        stats.dropped += 1;
        log.warn({ channel: prefixed, bytes: raw.length }, "redis bus: dropped a message that is not a bus event");
        continue;
      }
      stats.received += 1;
      handOut(prefixed.slice(prefix.length), parsed.data);
    }
  });

  /**
   * Events published in one turn of the event loop, per channel, in order: they leave in one pipeline
   * (one round trip) with one Redis message per channel, however many events each holds. A busy chat
   * stores a batch of messages per statement; this sends them on in one go rather than one PUBLISH each.
   */
  const outgoing = new Map<string, BusEvent[]>();
  let flushed: Promise<void> | null = null;

  function payloadOf(events: BusEvent[]) {
    return JSON.stringify(events.length === 1 ? { ...events[0], origin } : { origin, events });
  }

  function failed(channel: string, events: BusEvent[], error: unknown) {
    // Only chat messages wait for Redis to come back (see `unsent`).
    const messages = events.filter((event) => event.type === "new_message");
    if (messages.length > 0) {
      unsent.push({ channel: prefix + channel, payload: payloadOf(messages) });
      if (unsent.length > UNSENT_MAX) unsent.shift();
    }
    stats.dropped += events.length;
    log.warn(
      { channel: prefix + channel, err: (error as Error).message },
      "redis bus: publish failed, message not fanned out",
    );
  }

  async function flush() {
    const batch = [...outgoing];
    outgoing.clear();
    flushed = null;
    const pipeline = publisher.pipeline();
    for (const [channel, events] of batch) pipeline.publish(prefix + channel, payloadOf(events));
    let results: Array<[Error | null, unknown]> | null;
    try {
      results = await pipeline.exec();
    } catch (error) {
      for (const [channel, events] of batch) failed(channel, events, error);
      return;
    }
    for (const [i, [channel, events]] of batch.entries()) {
      const error = results?.[i]?.[0];
      if (error) failed(channel, events, error);
      else stats.published += events.length;
    }
  }

  return {
    stats,
    async ping() {
      await publisher.ping();
    },
    onResubscribed(listener) {
      resubscribed.add(listener);
      return () => void resubscribed.delete(listener);
    },
    publish(channel, event) {
      // This instance's own subscribers first: they never depend on Redis.
      if (handlers.has(channel)) {
        stats.received += 1;
        handOut(channel, event);
      }
      const queued = outgoing.get(channel);
      if (queued) queued.push(event);
      else outgoing.set(channel, [event]);
      flushed ??= new Promise<void>((resolve) => setImmediate(() => void flush().finally(resolve)));
      return flushed;
    },
    async subscribe(channel, onEvent) {
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
      set.add(onEvent);
      return async () => {
        set.delete(onEvent);
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

/** Tells every instance these sessions ended. */
export async function publishSessionsRevoked(bus: Bus, sessionHashes: string[]) {
  if (sessionHashes.length > 0)
    await bus.publish(SESSIONS_REVOKED_CHANNEL, { type: "sessions_revoked", sessionHashes });
}

/** The hashes in a revocation event; nothing for any other event. */
export function revokedSessionHashes(event: BusEvent): string[] {
  return event.type === "sessions_revoked" ? event.sessionHashes : [];
}
