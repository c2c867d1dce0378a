import type { FastifyBaseLogger } from "fastify";

/** How often an instance looks for seat offers whose hour ran out. */
const SEAT_OFFER_SWEEP_MS = 60_000;

/**
 * Passes seats offered from a waitlist and not confirmed within the hour on to the next in line, on a timer
 * that starts when the app is ready and stops when it closes. Every instance sweeps; each offer is released
 * under its event's row lock, so two instances never pass one seat on twice.
 */
export function seatOfferWorker(
  deps: { release: () => Promise<number>; log: FastifyBaseLogger },
  everyMs = SEAT_OFFER_SWEEP_MS,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  async function runOnce() {
    const released = await deps.release();
    if (released > 0) deps.log.info({ released }, "unconfirmed seat offers passed on");
    return released;
  }
  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        // A slow round is never overlapped by the next one.
        if (running) return;
        running = runOnce()
          .then(() => undefined)
          .catch((error: Error) => deps.log.warn({ err: error }, "seat offer sweep failed"))
          .finally(() => {
            running = null;
          });
      }, everyMs);
      timer.unref();
    },
    /** Stops the timer and waits for a round in flight, before the database closes. */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
