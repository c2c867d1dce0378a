import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../contract/auth";
import {
  createAnyEventBodySchema,
  eventDetailSchema,
  eventIdParamsSchema,
  eventSchema,
  interactionBodySchema,
  myEventSchema,
  updateEventBodySchema,
  userEventsByIdQuerySchema,
  userEventsQuerySchema,
} from "../../../contract/events";
import { seriesScopeQuerySchema } from "../../../contract/hosting";
import type { RouteDeps } from "../../compose";
import { publicOrigin } from "../../config";
import { creationLimit } from "../../http/creation-limits";
import { requireSelf, requireUserId } from "../../http/session";
import { feedRoutes } from "./feed/routes";

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };
const tags = ["events"];

export const eventsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.events;
  await app.register(feedRoutes, deps);

  // Issue 9.17: hourly creation budgets per user, one for events and one for group plans.
  const eventsLimit = creationLimit(app, "events");
  const plansLimit = creationLimit(app, "groupPlans");
  app.post(
    "/api/events",
    {
      preHandler: (request, reply) => ("groupId" in request.body ? plansLimit : eventsLimit)(request, reply),
      schema: {
        tags,
        // The dialog's payload (spec 02 §3) or the group-planning one, told apart by groupId.
        body: createAnyEventBodySchema,
        response: { 201: eventSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      return reply.code(201).send(await service.create(userId, request.body));
    },
  );

  app.get(
    "/api/events/user",
    { schema: { tags, querystring: userEventsQuerySchema, response: { 200: z.array(myEventSchema), ...errors } } },
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
        response: { 200: z.array(myEventSchema), ...errors },
      },
    },
    async (request) => service.userEventsByStatus(requireSelf(request, request.params.id), request.query.status),
  );

  app.get(
    "/api/events/:id",
    { schema: { tags, params: eventIdParamsSchema, response: { 200: eventDetailSchema, ...errors } } },
    async (request) => service.detail(requireUserId(request), request.params.id),
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
      // Issue 9.10: the event's link comes from PUBLIC_ORIGIN only, never from Host / X-Forwarded-Host.
      const { ics, filename } = await service.calendar(
        requireUserId(request),
        request.params.id,
        publicOrigin(deps.config),
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
