import type { FastifyBaseLogger } from "fastify";
import { SESSION_IDLE_MS, SESSION_SWEEP_INTERVAL_MS } from "#contract/limits";
import { periodicWorker } from "#server/periodic-worker";
import { type Bus, publishSessionsRevoked } from "#server/realtime/bus";
import type { AuthRepository } from "./repository";

/**
 * Deletes sessions past their absolute end or idle too long, on a timer that runs while the app does,
 * and closes their sockets on every instance: a socket must not outlive its session.
 * Every instance sweeps; a row is deleted (and announced) by whichever gets there first.
 */
export function sessionSweeper(deps: { repo: AuthRepository; bus: Bus; log: FastifyBaseLogger; everyMs?: number }) {
  const everyMs = deps.everyMs ?? SESSION_SWEEP_INTERVAL_MS;
  async function sweep(now = new Date()) {
    const ended = await deps.repo.deleteEndedSessions(now, new Date(now.getTime() - SESSION_IDLE_MS));
    await publishSessionsRevoked(deps.bus, ended);
    if (ended.length > 0) deps.log.info({ sessions: ended.length }, "ended sessions swept");
  }
  return {
    sweep,
    ...periodicWorker({ everyMs, round: () => sweep(), log: deps.log, failure: "session sweep failed" }),
  };
}
