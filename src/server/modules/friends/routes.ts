import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { API_TEXTS } from "#contract/api-texts";
import { messageSchema } from "#contract/auth";
import { encodeKeysetCursor, keysetPageQuerySchema } from "#contract/fields";
import {
  FRIEND_RULES_TEXTS,
  friendRequestBodySchema,
  friendStatusResultSchema,
  incomingFriendRequestSchema,
  inviteFriendSchema,
} from "#contract/friends";
import { messageKey } from "#contract/i18n/texts";
import { FRIEND_INVITES_PER_HOUR } from "#contract/limits";
import { userIdSchema } from "#contract/users";
import type { RouteDeps } from "#server/compose";
import { creationLimit } from "#server/http/creation-limits";
import { sendPage } from "#server/http/pagination";
import { limitPerUser } from "#server/http/rate-limits";
import { requireUserId } from "#server/http/session";
import { requestLanguage, serverText } from "#server/i18n";
import { toPublicUser } from "../users";

const otherUserParams = z.object({ userId: userIdSchema });

export const friendsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.friends;
  app.get(
    "/api/friends/requests",
    {
      schema: {
        tags: ["friends"],
        querystring: keysetPageQuerySchema,
        response: { 200: z.array(incomingFriendRequestSchema) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await service.incoming(requireUserId(request), { take: limit + 1, after: cursor });
      const page = sendPage(reply, rows, limit, (last) => encodeKeysetCursor(last.createdAt, last.user.id));
      return page.map((r) => ({ user: toPublicUser(r.user), createdAt: r.createdAt.toISOString() }));
    },
  );

  app.post(
    "/api/friends/requests",
    {
      preHandler: creationLimit(app, "friendRequests"),
      schema: {
        tags: ["friends"],
        body: friendRequestBodySchema,
        response: { 200: friendStatusResultSchema, 404: messageSchema },
      },
    },
    async (request) => ({ status: await service.request(requireUserId(request), request.body.userId) }),
  );

  app.post(
    "/api/friends/requests/:userId/accept",
    { schema: { tags: ["friends"], params: otherUserParams, response: { 200: friendStatusResultSchema } } },
    async (request) => ({ status: await service.accept(requireUserId(request), request.params.userId) }),
  );

  app.post(
    "/api/friends/requests/:userId/decline",
    { schema: { tags: ["friends"], params: otherUserParams, response: { 200: friendStatusResultSchema } } },
    async (request) => ({ status: await service.decline(requireUserId(request), request.params.userId) }),
  );

  app.get(
    "/api/friends/status/:userId",
    { schema: { tags: ["friends"], params: otherUserParams, response: { 200: friendStatusResultSchema } } },
    async (request) => ({ status: await service.status(requireUserId(request), request.params.userId) }),
  );

  const perUser = limitPerUser(
    app.rateLimits.limiter("friend-invite", { points: FRIEND_INVITES_PER_HOUR, windowMs: 60 * 60 * 1000 }),
    messageKey(FRIEND_RULES_TEXTS, "tooManyInvites"),
  );

  app.post(
    "/api/friends/invite",
    {
      onRequest: perUser,
      schema: { tags: ["friends"], body: inviteFriendSchema, response: { 202: messageSchema } },
    },
    async (request, reply) => {
      await service.invite(requireUserId(request), request.body);
      return reply
        .code(202)
        .send({ message: serverText(requestLanguage(request.headers), API_TEXTS, "invitationSent") });
    },
  );
};
