// The outbox module's public entry: queueing e-mail (the service) and delivering it with retries (the worker).
export { forgetMail, outboxRepository } from "./repository";
export { outboxService } from "./service";
export { createOutboxWorker, OUTBOX_RETRY, retryDelayMs } from "./worker";
