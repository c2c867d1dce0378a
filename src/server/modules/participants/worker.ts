import type { FastifyBaseLogger } from "fastify";
import { periodicWorker } from "#server/periodic-worker";

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
  async function runOnce() {
    const released = await deps.release();
    if (released > 0) deps.log.info({ released }, "unconfirmed seat offers passed on");
    return released;
  }
  return {
    runOnce,
    ...periodicWorker({ everyMs, round: runOnce, log: deps.log, failure: "seat offer sweep failed" }),
  };
}
