import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageSchema } from "#contract/auth";
import { eventIdParamsSchema } from "#contract/events";
import {
  matchesSchema,
  matchingBodySchema,
  matchingSchema,
  meetingEnvelopeSchema,
  meetingRequestBodySchema,
  meetingSlotsQuerySchema,
  meetingSlotsSchema,
  meetingStatsSchema,
  meetingsSchema,
} from "#contract/matching";
import { MEETING_REQUESTS_PER_EVENT } from "#contract/matching-texts";
import type { RouteDeps } from "#server/compose";
import { requireUserId } from "#server/http/session";
import { requestLanguage } from "#server/i18n";

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
};
const tags = ["matching"];
const off = "404 when the event's matchmaking is off, it is hidden or canceled, or the viewer may not see it.";

/**
 * An event's People to meet: opting in with phrases, the suggestions, the meeting times, the viewer's meetings
 * and the hosts' counts, under /api/events/:id. Registered by matching/routes.ts.
 */
export const eventMatchingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.matching;

  app.get(
    "/api/events/:id/matching",
    {
      schema: {
        tags,
        description: `The viewer's opt-in; before it, off with the profile's phrases. ${off}`,
        params: eventIdParamsSchema,
        response: { 200: matchingSchema, ...errors },
      },
    },
    async (request) => service.matching(requireUserId(request), request.params.id),
  );

  app.put(
    "/api/events/:id/matching",
    {
      schema: {
        tags,
        description: `Opt in or out (403 unless going). A phrase list left out stays as it was. ${off}`,
        params: eventIdParamsSchema,
        body: matchingBodySchema,
        response: { 200: matchingSchema, ...errors },
      },
    },
    async (request) => service.setMatching(requireUserId(request), request.params.id, request.body),
  );

  app.get(
    "/api/events/:id/matches",
    {
      schema: {
        tags,
        description: `People to meet, best first (403 unless going and opted in); reasons in the request's language. ${off}`,
        params: eventIdParamsSchema,
        response: { 200: matchesSchema, ...errors },
      },
    },
    async (request) => service.matches(requireUserId(request), request.params.id, requestLanguage(request.headers)),
  );

  app.get(
    "/api/events/:id/meeting-slots",
    {
      schema: {
        tags,
        description: `The meeting times from now on, each taken when the viewer or withUserId holds it. ${off}`,
        params: eventIdParamsSchema,
        querystring: meetingSlotsQuerySchema,
        response: { 200: meetingSlotsSchema, ...errors },
      },
    },
    async (request) => service.slots(requireUserId(request), request.params.id, request.query.withUserId),
  );

  app.post(
    "/api/events/:id/meetings",
    {
      schema: {
        tags,
        description: `Ask to meet: 403 unless both are opted in, 400 off the grid, 409 when either is busy, 429 past ${MEETING_REQUESTS_PER_EVENT} requests. ${off}`,
        params: eventIdParamsSchema,
        body: meetingRequestBodySchema,
        response: { 201: meetingEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ meeting: await service.request(requireUserId(request), request.params.id, request.body) }),
  );

  app.get(
    "/api/events/:id/meetings",
    {
      schema: {
        tags,
        description: `The viewer's own meetings at the event, in time order. ${off}`,
        params: eventIdParamsSchema,
        response: { 200: meetingsSchema, ...errors },
      },
    },
    async (request) => service.meetingsOf(requireUserId(request), request.params.id),
  );

  app.get(
    "/api/events/:id/meeting-stats",
    {
      schema: {
        tags,
        description: "Counts only, for the hosts and co-hosts (403 for anyone else).",
        params: eventIdParamsSchema,
        response: { 200: meetingStatsSchema, ...errors },
      },
    },
    async (request) => service.stats(requireUserId(request), request.params.id),
  );
};
