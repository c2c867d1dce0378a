import type { FastifyBaseLogger } from "fastify";
import type { MailMessage } from "#server/mail";
import type { OutboxRepository } from "./repository";
import type { OutboxWorker } from "./worker";

/** E-mail leaves through the outbox: a request only queues it, and the worker delivers it with retries. */
export function outboxService(deps: {
  repo: OutboxRepository;
  worker: Pick<OutboxWorker, "delivers" | "wake">;
  log: FastifyBaseLogger;
}) {
  return {
    /** Queues a message (status pending) and wakes this instance's worker; returns the row id. */
    async enqueue(message: MailMessage): Promise<number> {
      const id = await deps.repo.insert(message);
      if (!deps.worker.delivers) deps.log.info({ outboxId: id }, "mail kept in the outbox (no SMTP_URL)");
      deps.worker.wake();
      return id;
    },
  };
}
