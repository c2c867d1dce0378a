import type { FastifyBaseLogger } from "fastify";
import { periodicWorker } from "#server/periodic-worker";
import type { MatchingService } from "./service";

/**
 * Reminds both people of an accepted meeting shortly before it: every instance runs one; a meeting is claimed
 * by one conditional update, so it is reminded once however many instances run.
 */
export function createMeetingReminderWorker({
  service,
  log,
  clock = () => new Date(),
  everyMs,
}: {
  service: Pick<MatchingService, "remindDue">;
  log: FastifyBaseLogger;
  clock?: () => Date;
  /** REMINDER_POLL_MS, as the event reminders use. */
  everyMs: number;
}) {
  return {
    /** One round at `now` (tests move the clock instead of waiting). Returns how many meetings were reminded. */
    runOnce: (now = clock()) => service.remindDue(now),
    ...periodicWorker({
      everyMs,
      round: () => service.remindDue(clock()),
      log,
      failure: "meeting reminder round failed",
      roundAtStart: true,
    }),
  };
}
