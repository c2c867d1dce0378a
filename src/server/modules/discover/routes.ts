import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "#contract/auth";
import { eventIdParamsSchema, feedQuerySchema, feedResponseSchema } from "#contract/events";
import { userIdSchema } from "#contract/users";
import type { RouteDeps } from "#server/compose";
import { requireSelf, requireUserId } from "#server/http/session";

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema };

export const discoverRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.feed;

  app.get(
    "/api/events/swipe/:userId",
    {
      schema: {
        tags: ["events"],
        params: z.object({ userId: userIdSchema }),
        querystring: feedQuerySchema,
        response: { 200: feedResponseSchema, ...errors },
      },
    },
    async (request) => service.feed(requireSelf(request, request.params.userId), request.query),
  );

  // Undo on the swipe deck: deletes the caller's stored answer (going or declined) to the event.
  app.delete(
    "/api/event-interactions/:id",
    {
      schema: {
        tags: ["events"],
        params: eventIdParamsSchema,
        response: { 204: z.null().describe("The answer is gone; the event is back in the deck"), 404: messageSchema },
      },
    },
    async (request, reply) => {
      await service.undo(requireUserId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
