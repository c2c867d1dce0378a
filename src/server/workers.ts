import type { FastifyInstance } from "fastify";
import type { Services } from "./compose";
import type { Worker } from "./periodic-worker";

/**
 * The one place workers start and stop. Every instance runs every worker; each claims its work with a
 * conditional write, so scaling out never does a job twice. Tests drive a worker through `app.workers`.
 */
export function runWorkers(app: FastifyInstance, workers: Services["workers"]) {
  app.decorate("workers", workers);
  const all: Worker[] = Object.values(workers);
  app.addHook("onReady", async () => {
    for (const worker of all) worker.start();
  });
  app.addHook("onClose", async () => {
    await Promise.all(all.map((worker) => worker.stop()));
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** This app's workers, by module; see src/server/workers.ts. */
    workers: Services["workers"];
  }
}
