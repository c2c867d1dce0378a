import { EventEmitter } from "node:events";
import { Redis } from "ioredis";

/**
 * Fan-out between app instances. A message published on one instance reaches the
 * subscribers of every instance (Redis) or of this process (in-process default).
 */
export interface Bus {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, onMessage: (payload: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function createInProcessBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
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

export function createRedisBus(url: string): Bus {
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: false });
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  subscriber.on("message", (channel: string, raw: string) => {
    const set = handlers.get(channel);
    if (!set) return;
    const payload = JSON.parse(raw) as unknown;
    for (const handler of set) handler(payload);
  });
  return {
    async publish(channel, payload) {
      await publisher.publish(channel, JSON.stringify(payload));
    },
    async subscribe(channel, onMessage) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await subscriber.subscribe(channel);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0) {
          handlers.delete(channel);
          await subscriber.unsubscribe(channel);
        }
      };
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
