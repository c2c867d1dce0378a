import type { FastifyBaseLogger } from "fastify";

/** Background work of a module: started when the app is ready, stopped (and awaited) when it closes. */
export interface Worker {
  start(): void;
  stop(): Promise<void> | void;
}

/**
 * A round of work every `everyMs` from start to stop, the one timer loop every periodic worker uses. A slow
 * round is never overlapped by the next; a failed one is logged and the next tries again; stop waits for a
 * round in flight, before the database closes; the timer never keeps an otherwise finished process alive.
 */
export function periodicWorker(options: {
  everyMs: number;
  round: () => Promise<unknown>;
  log: Pick<FastifyBaseLogger, "warn">;
  /** The log line of a failed round. */
  failure: string;
  /** Also run a round at start, for work that is due at once (reminders after a restart). */
  roundAtStart?: boolean;
}): Worker & { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  function tick() {
    if (running) return;
    running = options
      .round()
      .then(
        () => undefined,
        (error: unknown) => options.log.warn({ err: error }, options.failure),
      )
      .finally(() => {
        running = null;
      });
  }
  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, options.everyMs);
      timer.unref();
      if (options.roundAtStart) tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
