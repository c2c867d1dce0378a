import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "#contract/auth";
import { eventIdParamsSchema } from "#contract/events";
import {
  checkInBodySchema,
  checkInSchema,
  cohostBodySchema,
  cohostParamsSchema,
  cohostSchema,
  eventUpdateBodySchema,
  eventUpdateSchema,
  guestRowSchema,
  occurrenceSchema,
  seriesScopeQuerySchema,
  ticketSchema,
  updatesQuerySchema,
} from "#contract/hosting";
import type { RouteDeps } from "#server/compose";
import { sendPage } from "#server/http/pagination";
import { requireUserId } from "#server/http/session";

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
};
const tags = ["hosting"];

/**
 * An event's hosting under /api/events/:id: its series' occurrences, co-hosts, updates to guests, the hosts' guest
 * list (and its CSV), tickets and check-in.
 */
export const hostingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.hosting;

  app.get(
    "/api/events/:id/occurrences",
    { schema: { tags, params: eventIdParamsSchema, response: { 200: z.array(occurrenceSchema), ...errors } } },
    async (request) => service.occurrences(requireUserId(request), request.params.id),
  );

  app.post(
    "/api/events/:id/cohosts",
    {
      schema: {
        tags,
        description: "`scope=following` makes the person a co-host of this date and the series' later ones.",
        params: eventIdParamsSchema,
        querystring: seriesScopeQuerySchema,
        body: cohostBodySchema,
        response: { 201: cohostSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.addCohost(requireUserId(request), request.params.id, request.body.userId, request.query.scope),
        ),
  );

  app.delete(
    "/api/events/:id/cohosts/:userId",
    {
      schema: {
        tags,
        description: "`scope=following` removes the co-host from this date and the series' later ones.",
        params: cohostParamsSchema,
        querystring: seriesScopeQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeCohost(requireUserId(request), request.params.id, request.params.userId, request.query.scope);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/events/:id/updates",
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: eventUpdateBodySchema,
        response: { 201: eventUpdateSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.sendUpdate(requireUserId(request), request.params.id, request.body)),
  );

  app.get(
    "/api/events/:id/updates",
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: updatesQuerySchema,
        response: { 200: z.array(eventUpdateSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await service.updates(requireUserId(request), request.params.id, {
        take: limit + 1,
        before: cursor,
      });
      return sendPage(reply, rows, limit, (last) => last.id);
    },
  );

  app.get(
    "/api/events/:id/guests",
    { schema: { tags, params: eventIdParamsSchema, response: { 200: z.array(guestRowSchema), ...errors } } },
    async (request) => service.guests(requireUserId(request), request.params.id),
  );

  app.get(
    "/api/events/:id/guests.csv",
    { schema: { tags, params: eventIdParamsSchema, response: { 200: z.string(), ...errors } } },
    async (request, reply) => {
      const { csv, filename } = await service.guestsCsv(requireUserId(request), request.params.id);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(csv);
    },
  );

  app.get(
    "/api/events/:id/ticket",
    { schema: { tags, params: eventIdParamsSchema, response: { 200: ticketSchema, ...errors } } },
    async (request) => service.ticket(requireUserId(request), request.params.id),
  );

  app.post(
    "/api/events/:id/check-ins",
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: checkInBodySchema,
        response: { 200: checkInSchema, ...errors },
      },
    },
    async (request) => service.checkIn(requireUserId(request), request.params.id, request.body),
  );
};
