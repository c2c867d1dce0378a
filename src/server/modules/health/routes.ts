import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RouteDeps } from "#server/compose";

const statusSchema = z.object({ status: z.string() });
const dependencyState = z.enum(["up", "down"]);
const readinessSchema = z.object({
  status: z.string(),
  database: dependencyState,
  /** Absent when REDIS_URL is unset (the in-process bus has nothing to lose). */
  redis: dependencyState.optional(),
});

export const healthRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Liveness: the process answers. Readiness: it can serve, i.e. its database answers; "degraded" (still 200)
  // while a configured Redis does not.
  app.get("/healthz", { schema: { hide: true, response: { 200: statusSchema } } }, async () => ({ status: "ok" }));
  app.get(
    "/readyz",
    { schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } } },
    async (request, reply) => {
      const { database, redis } = await deps.services.health.dependencies();
      if (database === "down") {
        request.log.warn({ down: redis === "down" ? ["database", "redis"] : ["database"] }, "not ready");
        const status = redis === "down" ? "database and redis unreachable" : "database unreachable";
        return reply.code(503).send({ status, database, redis });
      }
      // Without Redis an instance still serves: it delivers to its own sockets, counts limits in
      // memory, and replays to its sockets what other instances stored once the bus is back. Taking
      // every instance out of the balancer for it would turn a degraded chat into an outage.
      if (redis === "down") return { status: "degraded", database, redis };
      return { status: "ready", database, redis };
    },
  );
};
