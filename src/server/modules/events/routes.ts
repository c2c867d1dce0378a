import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "#contract/auth";
import { EVENT_PREVIEWS_PER_MINUTE, eventPreviewSchema } from "#contract/event-sharing";
import {
  createAnyEventBodySchema,
  eventDetailSchema,
  eventIdParamsSchema,
  eventSchema,
  interactionBodySchema,
  myEventsSchema,
  updateEventBodySchema,
  userEventsByIdQuerySchema,
  userEventsQuerySchema,
} from "#contract/events";
import { INVITE_TEXTS } from "#contract/groups";
import { seriesScopeQuerySchema } from "#contract/hosting";
import { messageKey } from "#contract/i18n/texts";
import { nearbyEventSchema, nearbyQuerySchema } from "#contract/nearby";
import type { RouteDeps } from "#server/compose";
import { publicOrigin } from "#server/config";
import { creationLimit } from "#server/http/creation-limits";
import { limitPerAddress } from "#server/http/rate-limits";
import { requireSelf, requireUserId } from "#server/http/session";
import { requestLanguage } from "#server/i18n";

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };
const tags = ["events"];

/**
 * The event itself under /api/events: making, editing and cancelling it, a person's events, its `.ics`, preview and
 * interaction. The hosts' tools, their approvals, the event's conversation and its people to meet under
 * /api/events/:id are registered by their own modules (hosting, participants, event-conversation, matching).
 */
export const eventsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.events;

  app.get(
    "/api/events/nearby",
    { schema: { tags: ["nearby"], querystring: nearbyQuerySchema, response: { 200: z.array(nearbyEventSchema) } } },
    async (request) => deps.services.nearby.eventsNear(requireUserId(request), request.query),
  );

  // Hourly creation budgets per user, one for events and one for group plans.
  const eventsLimit = creationLimit(app, "events");
  const plansLimit = creationLimit(app, "groupPlans");
  app.post(
    "/api/events",
    {
      preHandler: (request, reply) => ("groupId" in request.body ? plansLimit : eventsLimit)(request, reply),
      schema: {
        tags,
        // The dialog's payload or the group-planning one, told apart by groupId.
        body: createAnyEventBodySchema,
        response: { 201: eventSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const body = request.body;
      // A group plan (one date, or a poll of options) is the polls module's: it also posts the plan's chat card.
      const event =
        "groupId" in body ? await deps.services.polls.createPlan(userId, body) : await service.create(userId, body);
      return reply.code(201).send(event);
    },
  );

  app.get(
    "/api/events/user",
    { schema: { tags, querystring: userEventsQuerySchema, response: { 200: myEventsSchema, ...errors } } },
    async (request) => {
      const userId = requireUserId(request);
      return service.userEvents(requireSelf(request, request.query.userId ?? userId));
    },
  );

  app.get(
    "/api/events/user/:id",
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: userEventsByIdQuerySchema,
        response: { 200: myEventsSchema, ...errors },
      },
    },
    async (request) => service.userEventsByStatus(requireSelf(request, request.params.id), request.query.status),
  );

  app.get(
    "/api/events/:id",
    { schema: { tags, params: eventIdParamsSchema, response: { 200: eventDetailSchema, ...errors } } },
    async (request) => service.detail(requireUserId(request), request.params.id),
  );

  // Public: an event's link opens this preview for someone signed out; ids are sequential, so a per-address budget.
  const previewLimit = limitPerAddress(
    app.rateLimits.limiter("event-preview", { points: EVENT_PREVIEWS_PER_MINUTE, windowMs: 60_000 }),
    messageKey(INVITE_TEXTS, "tooMany"),
  );
  app.get(
    "/api/events/:id/preview",
    {
      config: { public: true },
      onRequest: previewLimit,
      schema: {
        tags,
        description:
          "Public: what anyone holding the event's link may see (never who is going). 404 for group plans, hidden events, and what the event page hides from the signed-in viewer.",
        params: eventIdParamsSchema,
        response: { 200: eventPreviewSchema, 404: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) =>
      // Per viewer (a signed-in viewer may be refused what a stranger sees): never shared by a cache.
      reply.header("cache-control", "private, no-store").send(await service.preview(request.params.id, request.userId)),
  );

  app.patch(
    "/api/events/:id",
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: seriesScopeQuerySchema,
        body: updateEventBodySchema.strict(),
        response: { 200: eventSchema, ...errors },
      },
    },
    async (request) =>
      service.updateScoped(requireUserId(request), request.params.id, request.body, request.query.scope),
  );

  app.delete(
    "/api/events/:id",
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: seriesScopeQuerySchema,
        response: { 200: eventSchema, ...errors },
      },
    },
    async (request) => service.cancelScoped(requireUserId(request), request.params.id, request.query.scope),
  );

  app.get(
    "/api/events/:id/calendar.ics",
    { schema: { tags, params: eventIdParamsSchema, response: { 200: z.string(), ...errors } } },
    async (request, reply) => {
      // The event's link comes from PUBLIC_ORIGIN only, never from Host / X-Forwarded-Host.
      const { ics, filename } = await service.calendar(
        requireUserId(request),
        request.params.id,
        publicOrigin(deps.config),
        requestLanguage(request.headers),
      );
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(ics);
    },
  );

  app.post(
    "/api/events/:id/interaction",
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: interactionBodySchema,
        response: { 200: z.object({ eventId: z.number(), userId: z.number(), action: z.string() }), ...errors },
      },
    },
    async (request) => service.interact(requireUserId(request), request.params.id, request.body.action),
  );
};
