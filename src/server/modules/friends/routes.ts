import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../contract/auth";
import { cursorParamSchema, encodeKeysetCursor, keysetPageQuerySchema } from "../../../contract/fields";
import {
  FRIEND_INVITES_TOO_MANY_MESSAGE,
  friendRequestBodySchema,
  friendStatusResultSchema,
  INVITE_EMAIL_UNAVAILABLE_MESSAGE,
  incomingFriendRequestSchema,
  inviteFriendSchema,
} from "../../../contract/friends";
import { FRIEND_INVITES_PER_HOUR, FRIENDS_PAGE_MAX } from "../../../contract/limits";
import { PRODUCT_NAME } from "../../../contract/product";
import { publicUserSchema, userIdSchema } from "../../../contract/users";
import type { RouteDeps } from "../../compose";
import { publicOrigin } from "../../config";
import { creationLimit } from "../../http/creation-limits";
import { sendPage } from "../../http/pagination";
import { limitPerUser } from "../../http/rate-limits";
import { requireUserId } from "../../http/session";
import { toPublicUser } from "../users/public-user";

const otherUserParams = z.object({ userId: userIdSchema });

export const friendsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.friends;
  const linkOrigin = publicOrigin(deps.config);
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
      return (await service.friendsOf(viewerId, userId, limit, after)).map(toPublicUser);
    },
  );

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
    FRIEND_INVITES_TOO_MANY_MESSAGE,
  );

  app.post(
    "/api/friends/invite",
    {
      onRequest: perUser,
      schema: { tags: ["friends"], body: inviteFriendSchema, response: { 202: messageSchema, 503: messageSchema } },
    },
    async (request, reply) => {
      const inviter = await service.nameOf(requireUserId(request));
      // Links come from PUBLIC_ORIGIN only: a Host or X-Forwarded-Host header is the sender's to choose.
      if (!linkOrigin) return reply.code(503).send({ message: INVITE_EMAIL_UNAVAILABLE_MESSAGE });
      const greeting = request.body.name ? `Hi ${request.body.name},` : "Hi,";
      // Queued in the outbox; the worker delivers and retries, so an SMTP outage never fails this request.
      await deps.services.outbox.enqueue({
        to: request.body.email,
        subject: `${inviter} invited you to ${PRODUCT_NAME}`,
        text: [
          greeting,
          "",
          `${inviter} would like to connect with you on ${PRODUCT_NAME}, the app for finding events and friends to go with.`,
          `Join here: ${new URL("/auth", linkOrigin).toString()}`,
        ].join("\n"),
      });
      return reply.code(202).send({ message: "Invitation sent" });
    },
  );
};
