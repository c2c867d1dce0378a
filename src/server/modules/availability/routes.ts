import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { availabilityQuerySchema, availabilityRowSchema, saveAvailabilitySchema } from "#contract/availability";
import type { RouteDeps } from "#server/compose";
import { requireSelf, requireUserId } from "#server/http/session";

// 401 before validation: a visitor learns nothing about the body rules.

export const availabilityRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.availability;

  // A public read among signed-in users: a profile shows when its person is free.
  app.get(
    "/api/availability/user",
    {
      schema: {
        tags: ["availability"],
        querystring: availabilityQuerySchema,
        response: { 200: z.array(availabilityRowSchema) },
      },
    },
    async (request) => {
      const { userId, limit, before } = request.query;
      return service.list(requireUserId(request), userId, limit, before);
    },
  );

  app.post(
    "/api/availability",
    { schema: { tags: ["availability"], body: saveAvailabilitySchema, response: { 200: availabilityRowSchema } } },
    async (request) => {
      const userId = requireSelf(request, request.body.userId);
      return service.save(userId, request.body.date, request.body.timeslots);
    },
  );
};
