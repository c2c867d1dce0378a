import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { coarsenDistanceKm } from "../../../contract/geo";
import { nearbyQuerySchema, nearbyUserSchema } from "../../../contract/nearby";
import type { RouteDeps } from "../../compose";
import { requireUserId } from "../../http/session";
import { toPublicUser } from "../users/public-user";

export const nearbyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const repo = deps.services.repositories.nearby;

  app.get(
    "/api/users/nearby",
    { schema: { tags: ["nearby"], querystring: nearbyQuerySchema, response: { 200: z.array(nearbyUserSchema) } } },
    async (request) => {
      const viewerId = requireUserId(request);
      const { lat, lng, radius, limit, offset } = request.query;
      const rows = await repo.usersNear({ lat, lng, radiusKm: radius }, viewerId, limit, offset);
      // Only public fields and the displayed precision leave: nobody's position can be read back.
      return rows.map((r) => ({ ...toPublicUser(r.user), distanceKm: coarsenDistanceKm(r.distanceKm) }));
    },
  );
};
