import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../../contract/auth";
import { feedQuerySchema, feedResponseSchema } from "../../../../contract/events";
import { userIdSchema } from "../../../../contract/users";
import type { RouteDeps } from "../../../compose";
import { requireSelf } from "../../../http/session";

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema };

export const feedRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
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
};
