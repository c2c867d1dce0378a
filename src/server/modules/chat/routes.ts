import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "#contract/auth";
import {
  CHAT_TEXTS,
  chatMessageSchema,
  messagesParamsSchema,
  messagesQuerySchema,
  sendMessageBodySchema,
} from "#contract/chat";
import { messageKey } from "#contract/i18n/texts";
import type { RouteDeps } from "#server/compose";
import { limitPerUser } from "#server/http/rate-limits";
import { requireUserId } from "#server/http/session";
import { CHAT_LIMITS } from "./service";

const tags = ["chat"];
const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 409: messageSchema, 429: messageSchema };

export const chatRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.chat;

  app.get(
    "/api/chat/messages/:groupId",
    {
      schema: {
        tags,
        params: messagesParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: z.array(chatMessageSchema), ...errors },
      },
    },
    async (request) => service.list(requireUserId(request), request.params.groupId, request.query),
  );

  app.post(
    "/api/chat/messages",
    {
      preHandler: limitPerUser(
        CHAT_LIMITS.map((budget) => app.rateLimits.limiter(budget.name, budget.limit)),
        messageKey(CHAT_TEXTS, "tooManyMessages"),
      ),
      schema: { tags, body: sendMessageBodySchema, response: { 201: chatMessageSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await service.send(requireUserId(request), request.body)),
  );
};
