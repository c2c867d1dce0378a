import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../contract/auth";
import { metAtParamsSchema, metAtSchema } from "../../../contract/hosting";
import type { RouteDeps } from "../../compose";
import { requireUserId } from "../../http/session";

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
};
const tags = ["hosting"];

/** The events two people were both checked in at; hosting's /api/events routes are in events/hosting-routes.ts. */
export const hostingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.hosting;

  app.get(
    "/api/users/:id/met-at",
    { schema: { tags, params: metAtParamsSchema, response: { 200: z.array(metAtSchema), ...errors } } },
    async (request) => service.metAt(requireUserId(request), request.params.id),
  );
};
