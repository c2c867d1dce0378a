import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "#contract/auth";
import { eventIdParamsSchema, feedQuerySchema, feedResponseSchema } from "#contract/events";
import { userIdSchema } from "#contract/users";
import type { RouteDeps } from "#server/compose";
import { contractSerializerCompiler } from "#server/http/contract-serializer";
import { ifNoneMatch } from "#server/http/entity-tag";
import { requireSelf, requireUserId } from "#server/http/session";

const JSON_TYPE = "application/json; charset=utf-8";
const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema };

export const discoverRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.feed;

  app.get(
    "/api/events/swipe/:userId",
    {
      // A page is about 18 KB: written by a serializer compiled from the contract at start, not encoded by zod.
      serializerCompiler: contractSerializerCompiler,
      schema: {
        tags: ["events"],
        params: z.object({ userId: userIdSchema }),
        querystring: feedQuerySchema,
        response: {
          200: feedResponseSchema.describe("The page, with an ETag to ask again with If-None-Match"),
          304: z.null().describe("Not modified: the page under the If-None-Match tag is still this person's"),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const userId = requireSelf(request, request.params.userId);
      // Per person, and always revalidated: the browser's cache sends the tag back, and a 304 costs one statement.
      reply.header("cache-control", "private, no-cache").header("vary", "cookie");
      // Sent without a payload: a serialized null would give the 304 a content length its 200 never had.
      const asked = ifNoneMatch(request.headers["if-none-match"]);
      for (const tag of asked)
        if (await service.notModified(userId, request.query, tag)) return (reply as FastifyReply).code(304).send();
      const kept = await service.keptPage(userId, request.query, asked);
      if (kept) return (reply as FastifyReply).header("etag", `"${kept.tag}"`).type(JSON_TYPE).send(kept.body);
      const { page, tag } = await service.page(userId, request.query);
      if (!tag) return page;
      // Written here, by the route's own serializer, so the bytes can be kept and served again as they are.
      const body = (reply as FastifyReply).serialize(page);
      if (typeof body !== "string") return page;
      service.keepPage(userId, request.query, tag, body);
      return (reply as FastifyReply).header("etag", `"${tag}"`).type(JSON_TYPE).send(body);
    },
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
