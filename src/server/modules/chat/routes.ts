import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../contract/auth";
import {
  chatMessageSchema,
  messagesParamsSchema,
  messagesQuerySchema,
  sendMessageBodySchema,
  tooManyMessagesText,
} from "../../../contract/chat";
import type { RouteDeps } from "../../compose";
import { limitPerUser } from "../../http/rate-limits";
import { requireUserId } from "../../http/session";
import { CHAT_LIMIT } from "./service";

const tags = ["chat"];
const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 429: messageSchema };

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
      preHandler: limitPerUser(app.rateLimits.limiter(CHAT_LIMIT.name, CHAT_LIMIT.limit), tooManyMessagesText),
      schema: { tags, body: sendMessageBodySchema, response: { 201: chatMessageSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await service.send(requireUserId(request), request.body)),
  );
};
