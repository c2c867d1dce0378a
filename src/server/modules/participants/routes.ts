import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "#contract/auth";
import {
  eventIdParamsSchema,
  participantBodySchema,
  participantSchema,
  participantsQuerySchema,
} from "#contract/events";
import type { RouteDeps } from "#server/compose";
import { requireSelf, requireUserId } from "#server/http/session";
import { eventRequestsRoutes } from "./requests-routes";

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };
const tags = ["events"];

/** Joining and leaving events, and who takes part; the hosts' approvals of requests are in requests-routes.ts. */
export const participantsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.participants;
  await eventRequestsRoutes(app, deps);

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

  // A waitlisted person takes the seat offered to them within its hour.
  app.post(
    "/api/events/:id/seat/confirm",
    { schema: { tags, params: eventIdParamsSchema, response: { 200: participantSchema, ...errors } } },
    async (request) => service.confirmSeat(requireUserId(request), request.params.id),
  );
};
