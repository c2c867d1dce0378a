import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { nearbyEventSchema, nearbyQuerySchema } from "../../../contract/nearby";
import type { RouteDeps } from "../../compose";
import { requireUserId } from "../../http/session";
import { toEvent } from "../events/service";

export const nearbyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const repo = deps.services.repositories.nearby;

  app.get(
    "/api/events/nearby",
    { schema: { tags: ["nearby"], querystring: nearbyQuerySchema, response: { 200: z.array(nearbyEventSchema) } } },
    async (request) => {
      const viewerId = requireUserId(request);
      const { lat, lng, radius, limit, offset } = request.query;
      const rows = await repo.eventsNear({ lat, lng, radiusKm: radius }, viewerId, new Date(), limit, offset);
      return rows.map(({ event, distanceKm }) => ({ ...toEvent(event), distanceKm }));
    },
  );
};
