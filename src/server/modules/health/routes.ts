import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app";

const statusSchema = z.object({ status: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get("/healthz", { schema: { hide: true, response: { 200: statusSchema } } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true, response: { 200: statusSchema, 503: statusSchema } } }, async (_request, reply) => {
    try {
      await deps.database.ping();
      return { status: "ready" };
    } catch {
      return reply.code(503).send({ status: "database unreachable" });
    }
  });
};
