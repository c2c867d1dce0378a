import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageSchema } from "#contract/auth";
import { groupEventParamsSchema } from "#contract/groups";
import { groupPlanSchema } from "#contract/polls";
import type { RouteDeps } from "#server/compose";
import { requireUserId } from "#server/http/session";

const tags = ["groups"];
const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };

export const pollsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.polls;

  app.get(
    "/api/groups/:id/events/:eventId",
    { schema: { tags, params: groupEventParamsSchema, response: { 200: groupPlanSchema, ...errors } } },
    async (request) => service.plan(requireUserId(request), request.params.id, request.params.eventId),
  );

  app.post(
    "/api/groups/:id/events/:eventId/lock",
    { schema: { tags, params: groupEventParamsSchema, response: { 200: groupPlanSchema, ...errors } } },
    async (request) => {
      const userId = requireUserId(request);
      await service.lock(userId, request.params.id, request.params.eventId);
      return service.plan(userId, request.params.id, request.params.eventId);
    },
  );
};
