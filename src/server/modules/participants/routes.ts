import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "#contract/auth";
import { participantBodySchema, participantSchema, participantsQuerySchema } from "#contract/events";
import type { RouteDeps } from "#server/compose";
import { requireSelf, requireUserId } from "#server/http/session";

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };
const tags = ["events"];

/** Joining and leaving events, and who takes part; the hosts' approvals are under /api/events (events/routes.ts). */
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
};
