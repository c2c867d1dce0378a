import type { FastifyBaseLogger } from "fastify";
import { SESSION_IDLE_MS, SESSION_SWEEP_INTERVAL_MS } from "#contract/limits";
import { type Bus, publishSessionsRevoked } from "#server/realtime/bus";
import type { AuthRepository } from "./repository";

/**
 * Deletes sessions past their absolute end or idle too long, on a timer that runs while the app does,
 * and closes their sockets on every instance: a socket must not outlive its session.
 * Every instance sweeps; a row is deleted (and announced) by whichever gets there first.
 */
export function sessionSweeper(deps: { repo: AuthRepository; bus: Bus; log: FastifyBaseLogger; everyMs?: number }) {
  const everyMs = deps.everyMs ?? SESSION_SWEEP_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  async function sweep(now = new Date()) {
    const ended = await deps.repo.deleteEndedSessions(now, new Date(now.getTime() - SESSION_IDLE_MS));
    await publishSessionsRevoked(deps.bus, ended);
    if (ended.length > 0) deps.log.info({ sessions: ended.length }, "ended sessions swept");
  }
  return {
    sweep,
    start() {
      timer = setInterval(() => {
        // A slow sweep is never overlapped by the next one.
        if (running) return;
        running = sweep()
          .catch((error) => deps.log.warn({ err: error }, "session sweep failed"))
          .finally(() => {
            running = null;
          });
      }, everyMs);
      // The sweep must never keep a process alive that is otherwise done.
      timer.unref();
    },
    /** Stops the timer and waits for a sweep in flight, before the database closes. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
