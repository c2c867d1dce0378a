import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageSchema } from "#contract/auth";
import { mapConfigSchema } from "#contract/places";
import type { RouteDeps } from "#server/compose";
import { requireUserId } from "#server/http/session";

/** Whether this server has a map: the style the client's MapLibre preview loads (lazily, only then). */
export const mapsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.get(
    "/api/places/map",
    {
      schema: {
        tags: ["places"],
        summary: "The operator's MapLibre style (MAP_STYLE_URL), or null when there is no map",
        response: { 200: mapConfigSchema, 401: messageSchema },
      },
    },
    async (request) => {
      requireUserId(request);
      return { styleUrl: deps.config.MAP_STYLE_URL ?? null };
    },
  );
};
