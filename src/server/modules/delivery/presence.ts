import type { Bus } from "#server/realtime/bus";

/**
 * Whether a user has the app open: the realtime hub's count of their sockets on this instance, plus one
 * for each other instance that announced one on the bus (within a second of a change; an instance silent
 * for 90 s no longer counts). The composition root registers the hub's counter under the app's bus
 * (src/server/realtime-handlers.ts), so delivery can ask without the two modules importing each other.
 */
const counters = new WeakMap<Bus, (userId: number) => number>();

export function registerLocalSockets(bus: Bus, openSocketsOf: (userId: number) => number) {
  counters.set(bus, openSocketsOf);
}

export function openSocketsHere(bus: Bus, userId: number): number {
  return counters.get(bus)?.(userId) ?? 0;
}
