import { EVENTS_WRITTEN_CHANNEL } from "#contract/bus";
import type { Bus } from "#server/realtime/bus";
import type { CellPool, ChangedEvent } from "./cell-pool";

/**
 * Keeps every instance's feed cells true: the events module's writes are told to every instance over the
 * bus (this one hears its own at once), and each evicts the cells those events were and are in. Runs as a
 * worker so it listens from start to stop.
 */
export function cellsOnBus(bus: Bus, pool: CellPool, log: { warn(details: object, message: string): void }) {
  let unsubscribe: (() => Promise<void>) | null = null;
  let listening: Promise<void> | null = null;
  return {
    /** What the kept cells hold now (for the bench and operators). */
    size: () => pool.size(),
    /** Events the events module stored (their writes committed): every instance reads their cells again. */
    written(events: ChangedEvent[]) {
      bus.publish(EVENTS_WRITTEN_CHANNEL, { type: "events_written", written: events }).catch((error) => {
        // This instance evicted its own cells already; the others fall back on their cells' age.
        log.warn({ err: error }, "feed cells: could not tell the other instances of an event write");
      });
    },
    start() {
      listening ??= bus
        .subscribe(EVENTS_WRITTEN_CHANNEL, (event) => {
          if (event.type === "events_written") pool.changed(event.written);
        })
        .then(
          (off) => {
            unsubscribe = off;
          },
          (error) => log.warn({ err: error }, "feed cells: not listening to event writes; cells age out instead"),
        );
    },
    async stop() {
      await listening;
      await unsubscribe?.();
      unsubscribe = null;
      listening = null;
    },
  };
}
