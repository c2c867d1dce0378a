import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { API_TEXTS } from "#contract/api-texts";
import { messageSchema } from "#contract/auth";
import { usersQuerySchema } from "#contract/events";
import { languagesResponseSchema } from "#contract/i18n/language-schemas";
import { LANGUAGES } from "#contract/i18n/languages";
import { messageKey } from "#contract/i18n/texts";
import { updateTimezoneBodySchema } from "#contract/timezones";
import {
  currentUserSchema,
  publicUserSchema,
  updateProfileSchema,
  userIdSchema,
  userProfileSchema,
} from "#contract/users";
import type { RouteDeps } from "#server/compose";
import { HttpError } from "#server/http/http-error";
import { requireSelf, requireUserId } from "#server/http/session";
import { toCurrentUser, toPublicUser } from "./public-user";
import { relationshipRoutes } from "./relationship-routes";

/**
 * Numeric ids only. Static siblings such as /api/users/current, /friends and
 * /nearby win over this parameter in Fastify's router whatever the registration order.
 */
const idParams = z.object({ id: userIdSchema });

/**
 * Every /api/users route: profiles here, the relations between people (friends, follows, Nearby, where
 * two met) in relationship-routes.ts. Each handler asks the module whose rules it is.
 */
export const usersRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.users;

  app.get(
    "/api/languages",
    {
      config: { public: true },
      schema: { tags: ["users"], response: { 200: languagesResponseSchema } },
    },
    async () => ({ languages: LANGUAGES.map(({ tag, name, dir }) => ({ tag, name, dir })) }),
  );

  app.get(
    "/api/users/current",
    { schema: { tags: ["auth"], response: { 200: currentUserSchema } } },
    async (request) => {
      const user = await service.find(requireUserId(request));
      if (!user) throw new HttpError(401, messageKey(API_TEXTS, "notSignedIn"));
      return toCurrentUser(user);
    },
  );

  app.get(
    "/api/users/:id",
    { schema: { tags: ["users"], params: idParams, response: { 200: userProfileSchema, 404: messageSchema } } },
    async (request) => {
      const viewerId = requireUserId(request);
      const user = await service.findAsSeenBy(viewerId, request.params.id);
      if (!user) throw new HttpError(404, messageKey(API_TEXTS, "userNotFound"));
      const follow = await deps.services.follows.state(viewerId, user.id);
      // The e-mail only to its owner; coordinates and the hash never (toPublicUser leaves them out).
      return user.id === viewerId
        ? { ...toPublicUser(user), email: user.email, ...follow }
        : { ...toPublicUser(user), ...follow };
    },
  );

  app.get(
    "/api/users",
    {
      schema: {
        tags: ["users"],
        querystring: usersQuerySchema,
        response: { 200: z.array(publicUserSchema), 400: messageSchema, 401: messageSchema },
      },
    },
    async (request) => {
      const rows = await service.list(
        requireUserId(request),
        request.query.ids,
        request.query.cursor ?? 0,
        request.query.limit,
      );
      return rows.map(toPublicUser);
    },
  );

  // The settings page saves the timezone on its own sub-route; any real IANA zone is accepted, the ten the
  // settings page offers among them.
  app.patch(
    "/api/users/:id/timezone",
    {
      schema: {
        tags: ["settings"],
        params: idParams,
        body: updateTimezoneBodySchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      const user = await service.setTimezone(requireSelf(request, request.params.id), request.body.timezone);
      if (!user) throw new HttpError(404, messageKey(API_TEXTS, "userNotFound"));
      return toCurrentUser(user);
    },
  );

  app.patch(
    "/api/users/:id",
    {
      schema: {
        tags: ["users"],
        params: idParams,
        body: updateProfileSchema,
        response: { 200: currentUserSchema, 400: messageSchema },
      },
    },
    async (request) => {
      const userId = requireSelf(request, request.params.id);
      const user = await service.updateProfile(userId, request.body);
      if (!user) throw new HttpError(404, messageKey(API_TEXTS, "userNotFound"));
      return toCurrentUser(user);
    },
  );

  await relationshipRoutes(app, deps);
};
