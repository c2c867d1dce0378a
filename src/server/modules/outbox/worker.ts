import type { FastifyBaseLogger } from "fastify";
import { mailErrorForLog } from "#server/http/safe-error-log";
import type { MailTransport } from "#server/mail";
import type { OutboxRepository } from "./repository";

/**
 * The e-mail outbox (docs/decisions/ "e-mail outbox"): a request only inserts a pending row; a
 * worker in every instance claims due rows (`FOR UPDATE SKIP LOCKED`, so two instances never
 * claim the same row), pushes the claim's next_attempt_at a lease ahead (a crashed sender's row
 * comes back after it), sends, and marks the row sent, or schedules a retry with exponential
 * back-off, or gives up as failed after the last attempt. An SMTP outage never fails a request.
 */
export const OUTBOX_RETRY = {
  /** Attempts before a row is marked failed: 8 attempts span about an hour and a half. */
  maxAttempts: 8,
  /** First retry after 30 s, then doubling (30 s, 1 min, 2 min ... 32 min), each at most 1 h. */
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  /**
   * A claimed row is not claimed again for this long, unless its sender finished first: longer than
   * a whole round can take (10 rows x 45 s, nodemailer's three 15 s timeouts), so no row is sent twice.
   */
  leaseMs: 10 * 60_000,
  /** How long a stop waits for the message being sent; an unfinished row comes back after its lease. */
  stopWaitMs: 5_000,
  /** How often a worker looks for due rows (new rows of this instance wake it at once). */
  pollMs: 5_000,
  /** Rows claimed per round. */
  batch: 10,
  /** last_error is kept short: an SMTP reply, not a stack trace. */
  errorChars: 500,
} as const;

/** Delay before attempt n+1 after n failed attempts: base * 2^(n-1), capped, with ±10% jitter. */
export function retryDelayMs(failedAttempts: number, random = Math.random): number {
  const exponential = OUTBOX_RETRY.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1);
  const capped = Math.min(OUTBOX_RETRY.maxDelayMs, exponential);
  return Math.round(capped * (0.9 + 0.2 * random()));
}

export interface OutboxWorker {
  /** Whether this instance can deliver at all (SMTP_URL set): without it, mail waits in the outbox. */
  readonly delivers: boolean;
  /** Starts a round now (a message was just queued), unless stopped or no transport. */
  wake(): void;
  /** One round: withdraws stale rows, claims due rows and tries each once. Returns how many were sent and failed. */
  runOnce(): Promise<{ sent: number; retried: number; failed: number }>;
  /** Starts the polling worker (no-op without SMTP_URL: nothing could be delivered). */
  start(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

export function createOutboxWorker(deps: {
  repo: OutboxRepository;
  log: FastifyBaseLogger;
  /** null without SMTP_URL: nothing could be delivered. */
  transport: MailTransport | null;
}): OutboxWorker {
  const { repo, log, transport } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = true;
  let interrupted = false;

  async function runOnce() {
    const result = { sent: 0, retried: 0, failed: 0 };
    // Checked at every round, with or without a transport: what may no longer go out leaves the queue.
    await repo.withdrawStale();
    if (!transport) return result;
    for (const row of await repo.claimDue(OUTBOX_RETRY.batch, OUTBOX_RETRY.leaseMs)) {
      // Stopping: leave the rest of the batch; their leases hand them back (attempts already counted).
      if (interrupted) break;
      try {
        await transport.send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.headers ? { headers: row.headers } : {}),
        });
        await repo.markSent(row.id);
        result.sent += 1;
      } catch (error) {
        const lastError = String((error as Error).message ?? error).slice(0, OUTBOX_RETRY.errorChars);
        const giveUp = row.attempts >= OUTBOX_RETRY.maxAttempts;
        if (giveUp) await repo.markFailed(row.id, lastError);
        else await repo.retryAfter(row.id, lastError, retryDelayMs(row.attempts));
        // The recipient's address stays out of the log; the row id finds it.
        // The SMTP codes only; a refusal's text quotes the recipient (the row keeps it in last_error).
        log.warn(
          { outboxId: row.id, attempts: row.attempts, mailError: mailErrorForLog(error) },
          giveUp ? "mail failed for good" : "mail attempt failed, will retry",
        );
        if (giveUp) result.failed += 1;
        else result.retried += 1;
      }
    }
    return result;
  }

  /** Starts a round, or asks the round in progress for one more: never two at once in this process. */
  let busy = false;
  let again = false;
  function wake() {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = (async () => {
      do {
        again = false;
        // The error itself, through the logger's err serializer: a failed query's parameters stay out.
        await runOnce().catch((error: Error) => log.warn({ err: error }, "outbox round failed"));
      } while (again && !stopped);
      busy = false;
    })();
  }

  return {
    delivers: transport !== null,
    wake,
    runOnce,
    start() {
      if (!transport || !stopped) return;
      stopped = false;
      timer = setInterval(wake, OUTBOX_RETRY.pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      interrupted = true;
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (waited = setTimeout(resolve, OUTBOX_RETRY.stopWaitMs)))]);
      clearTimeout(waited);
      interrupted = false;
    },
  };
}
