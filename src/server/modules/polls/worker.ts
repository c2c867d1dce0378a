import { POLL_SWEEP_MS } from "#contract/polls";
import type { PollsService } from "./service";

/**
 * Nudges and decides polls on a timer, from the app's ready to its close. Every instance runs one; the
 * service's claims make each nudge and decision happen once. `now` is the clock (tests move it).
 */
export function createPollWorker(deps: {
  service: Pick<PollsService, "sweep">;
  log: { warn: (obj: unknown, msg: string) => void };
  now?: () => Date;
  intervalMs?: number;
}) {
  const now = deps.now ?? (() => new Date());
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> = Promise.resolve();
  const sweep = (at: Date = now()) => {
    running = running.then(() =>
      deps.service.sweep(at).catch((error: unknown) => deps.log.warn({ err: error }, "poll sweep failed")),
    );
    return running;
  };
  return {
    sweep,
    start() {
      if (timer) return;
      timer = setInterval(() => void sweep(), deps.intervalMs ?? POLL_SWEEP_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
