import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageSchema } from "#contract/auth";
import { eventConversationSchema, muteConversationBodySchema } from "#contract/event-conversation";
import { eventIdParamsSchema } from "#contract/events";
import type { RouteDeps } from "#server/compose";
import { requireUserId } from "#server/http/session";

const tags = ["events"];
const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema };

/** An event's conversation with its going guests, and muting it (the event-conversation module's). */
export const eventConversationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.eventConversation;

  app.get(
    "/api/events/:id/conversation",
    { schema: { tags, params: eventIdParamsSchema, response: { 200: eventConversationSchema, ...errors } } },
    async (request) => service.conversation(requireUserId(request), request.params.id),
  );

  app.put(
    "/api/events/:id/conversation/mute",
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: muteConversationBodySchema,
        response: { 200: eventConversationSchema, ...errors },
      },
    },
    async (request) => service.mute(requireUserId(request), request.params.id, request.body.muted),
  );
};
