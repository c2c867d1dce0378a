import type { Bus } from "../../realtime/bus";

/**
 * How many sockets a user has open on this instance, as the realtime hub counts them. The hub registers
 * its counter under the app's bus (src/server/realtime/routes.ts), so push delivery can ask without the
 * two modules importing each other. Other instances' sockets are not counted: see docs/operations.md (push).
 */
const counters = new WeakMap<Bus, (userId: number) => number>();

export function registerLocalSockets(bus: Bus, openSocketsOf: (userId: number) => number) {
  counters.set(bus, openSocketsOf);
}

export function openSocketsHere(bus: Bus, userId: number): number {
  return counters.get(bus)?.(userId) ?? 0;
}
