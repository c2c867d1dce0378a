import type { FastifyBaseLogger } from "fastify";
import { periodicWorker } from "#server/periodic-worker";
import type { AccountRepository } from "./repository";

/** Expired reset and verification links are deleted now and then; a spent one is deleted when used. */
export function accountTokenPrune(deps: { repo: AccountRepository; log: FastifyBaseLogger; everyMs?: number }) {
  async function prune(now = new Date()) {
    await deps.repo.pruneExpiredTokens(now);
  }
  return {
    prune,
    ...periodicWorker({
      everyMs: deps.everyMs ?? 60 * 60_000,
      round: () => prune(),
      log: deps.log,
      failure: "account token prune failed",
    }),
  };
}
