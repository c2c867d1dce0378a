import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "#contract/auth";
import { cursorParamSchema } from "#contract/fields";
import { followStateSchema } from "#contract/follows";
import { metAtParamsSchema, metAtSchema } from "#contract/hosting";
import { FRIENDS_PAGE_MAX } from "#contract/limits";
import { nearbyQuerySchema, nearbyUserSchema } from "#contract/nearby";
import { publicUserSchema, userIdSchema } from "#contract/users";
import type { RouteDeps } from "#server/compose";
import { requireUserId } from "#server/http/session";
import { toPublicUser } from "./public-user";

const followSchema = {
  tags: ["users"],
  params: z.object({ id: userIdSchema }),
  response: { 200: followStateSchema, 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema },
};
const hostingErrors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
};

/**
 * The /api/users routes about people's relations, called from users/routes.ts (same scope, no plugin of
 * its own); the rules are the friends, follows, nearby and hosting modules'.
 */
export const relationshipRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { friends, follows, nearby, hosting } = deps.services;

  // A public read among signed-in users, like the profile it is shown on.
  app.get(
    "/api/users/friends",
    {
      schema: {
        tags: ["friends"],
        querystring: z.object({
          userId: userIdSchema.optional(),
          limit: z.coerce.number().int().min(1).max(FRIENDS_PAGE_MAX).default(FRIENDS_PAGE_MAX),
          /** Cursor: the last friend id of the previous page. */
          after: cursorParamSchema.optional(),
        }),
        response: { 200: z.array(publicUserSchema), 404: messageSchema },
      },
    },
    async (request) => {
      const viewerId = requireUserId(request);
      const { userId = viewerId, limit, after } = request.query;
      return (await friends.friendsOf(viewerId, userId, limit, after)).map(toPublicUser);
    },
  );

  app.get(
    "/api/users/nearby",
    { schema: { tags: ["nearby"], querystring: nearbyQuerySchema, response: { 200: z.array(nearbyUserSchema) } } },
    async (request) => nearby.usersNear(requireUserId(request), request.query),
  );

  app.post("/api/users/:id/follow", { schema: followSchema }, async (request) =>
    follows.follow(requireUserId(request), request.params.id),
  );
  app.delete("/api/users/:id/follow", { schema: followSchema }, async (request) =>
    follows.unfollow(requireUserId(request), request.params.id),
  );

  app.get(
    "/api/users/:id/met-at",
    {
      schema: {
        tags: ["hosting"],
        params: metAtParamsSchema,
        response: { 200: z.array(metAtSchema), ...hostingErrors },
      },
    },
    async (request) => hosting.metAt(requireUserId(request), request.params.id),
  );
};
