import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "#contract/auth";
import {
  eventIdParamsSchema,
  participantSchema,
  pendingRequestSchema,
  requestDecisionBodySchema,
  requestParamsSchema,
} from "#contract/events";
import { encodeKeysetCursor, keysetPageQuerySchema } from "#contract/fields";
import type { RouteDeps } from "#server/compose";
import { sendPage } from "#server/http/pagination";
import { requireUserId } from "#server/http/session";

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };
const tags = ["events"];

/** The hosts' approvals: an event's pending requests, and each one's decision (the participants module's). */
export const eventRequestsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.participants;

  app.get(
    "/api/events/:id/requests",
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: keysetPageQuerySchema,
        response: { 200: z.array(pendingRequestSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await service.requests(requireUserId(request), request.params.id, {
        take: limit + 1,
        after: cursor,
      });
      return sendPage(reply, rows, limit, (last) => encodeKeysetCursor(new Date(last.requestedAt), last.user.id));
    },
  );

  app.post(
    "/api/events/:id/requests/:userId",
    {
      schema: {
        tags,
        params: requestParamsSchema,
        body: requestDecisionBodySchema,
        response: { 200: participantSchema, ...errors },
      },
    },
    async (request) =>
      service.decide(requireUserId(request), request.params.id, request.params.userId, request.body.decision),
  );
};
