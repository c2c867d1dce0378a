import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../contract/auth";
import { followStateSchema } from "../../../contract/follows";
import { userIdSchema } from "../../../contract/users";
import type { RouteDeps } from "../../compose";
import { requireUserId } from "../../http/session";

const params = z.object({ id: userIdSchema });
const schema = {
  tags: ["users"],
  params,
  response: { 200: followStateSchema, 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema },
};

export const followsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.follows;
  app.post("/api/users/:id/follow", { schema }, async (request) =>
    service.follow(requireUserId(request), request.params.id),
  );
  app.delete("/api/users/:id/follow", { schema }, async (request) =>
    service.unfollow(requireUserId(request), request.params.id),
  );
};
