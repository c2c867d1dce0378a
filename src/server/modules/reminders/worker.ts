import type { FastifyBaseLogger } from "fastify";
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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;

  function tick() {
    // A slow round is never overlapped by the next one.
    if (running) return;
    running = service
      .sendDue(clock())
      .catch((error: Error) => log.warn({ err: error }, "reminder round failed"))
      .finally(() => {
        running = null;
      });
  }

  return {
    runOnce: (now = clock()) => service.sendDue(now),
    start() {
      if (timer) return;
      timer = setInterval(tick, everyMs);
      // The timer must never keep a process alive that is otherwise done.
      timer.unref();
      tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
