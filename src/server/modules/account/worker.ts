import type { FastifyBaseLogger } from "fastify";
import type { AccountRepository } from "./repository";

/** Expired reset and verification links are deleted now and then; a spent one is deleted when used. */
export function accountTokenPrune(deps: { repo: AccountRepository; log: FastifyBaseLogger; everyMs?: number }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  async function prune(now = new Date()) {
    await deps.repo.pruneExpiredTokens(now);
  }
  return {
    prune,
    start() {
      timer = setInterval(
        () => {
          if (running) return;
          running = prune()
            .catch((error) => deps.log.warn({ err: error }, "account token prune failed"))
            .finally(() => {
              running = null;
            });
        },
        deps.everyMs ?? 60 * 60_000,
      );
      // Pruning must never keep a process alive that is otherwise done.
      timer.unref();
    },
    /** Stops the timer and waits for a prune in flight, before the database closes. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
