import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../contract/auth";
import {
  eventIdParamsSchema,
  participantBodySchema,
  participantSchema,
  participantsQuerySchema,
  pendingRequestSchema,
  requestDecisionBodySchema,
  requestParamsSchema,
} from "../../../contract/events";
import { encodeKeysetCursor, keysetPageQuerySchema } from "../../../contract/fields";
import type { RouteDeps } from "../../compose";
import { sendPage } from "../../http/pagination";
import { requireSelf, requireUserId } from "../../http/session";

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };
const tags = ["events"];

/** Participation: joining, leaving, the waitlist and the host's approvals (spec 01 §4-5). */
export const participantsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.participants;

  app.post(
    "/api/event-participants",
    { schema: { tags, body: participantBodySchema, response: { 201: participantSchema, ...errors } } },
    async (request, reply) => {
      const userId = requireSelf(request, request.body.userId);
      const { eventId, status, answers, guests } = request.body;
      return reply.code(201).send(await service.participate(userId, eventId, status, { answers, guests }));
    },
  );

  app.get(
    "/api/event-participants",
    {
      schema: { tags, querystring: participantsQuerySchema, response: { 200: z.array(participantSchema), ...errors } },
    },
    async (request) => {
      return service.participants(requireUserId(request), request.query.eventIds);
    },
  );

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
