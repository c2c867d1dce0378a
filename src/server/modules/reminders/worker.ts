import type { FastifyBaseLogger } from "fastify";
import { periodicWorker } from "#server/periodic-worker";
import type { RemindersService } from "./service";

interface ReminderWorker {
  /** One round at `now` (the clock, injectable so tests move time instead of waiting). Returns how many were sent. */
  runOnce(now?: Date): Promise<number>;
  /** Starts the timer (the app's onReady). */
  start(): void;
  /** Stops the timer and waits for the round in flight (the app's onClose, before the database closes). */
  stop(): Promise<void>;
}

/**
 * The reminder worker: every instance runs one; a reminder is sent by whichever claims it first
 * (the claim is a row insert with a unique key), so scaling out or restarting never sends one twice.
 */
export function createReminderWorker({
  service,
  log,
  clock = () => new Date(),
  everyMs,
}: {
  service: RemindersService;
  log: FastifyBaseLogger;
  clock?: () => Date;
  /** REMINDER_POLL_MS: well inside REMINDER_LATE_MS, so no reminder is dropped as late. */
  everyMs: number;
}): ReminderWorker {
  return {
    runOnce: (now = clock()) => service.sendDue(now),
    ...periodicWorker({
      everyMs,
      round: () => service.sendDue(clock()),
      log,
      failure: "reminder round failed",
      // Reminders that fell due while no instance ran leave at once, not a round later.
      roundAtStart: true,
    }),
  };
}
