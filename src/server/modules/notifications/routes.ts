import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { API_TEXTS } from "#contract/api-texts";
import { messageSchema } from "#contract/auth";
import { idParamSchema } from "#contract/fields";
import { messageKey } from "#contract/i18n/texts";
import { notificationListQuerySchema, notificationPageSchema } from "#contract/notifications";
import type { RouteDeps } from "#server/compose";
import { HttpError } from "#server/http/http-error";
import { requireUserId } from "#server/http/session";
import { requestLanguage, serverText } from "#server/i18n";

const countSchema = z.object({ count: z.number().int() });

export const notificationsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { notifications } = deps.services;

  app.get(
    "/api/notifications",
    {
      schema: {
        tags: ["notifications"],
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      return notifications.page(requireUserId(request), limit, cursor);
    },
  );

  app.post(
    "/api/notifications/read-all",
    { schema: { tags: ["notifications"], response: { 200: countSchema } } },
    async (request) => ({ count: await notifications.markAllRead(requireUserId(request)) }),
  );

  app.delete(
    "/api/notifications/:id",
    {
      schema: {
        tags: ["notifications"],
        params: z.object({ id: idParamSchema }),
        response: { 200: messageSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const deleted = await notifications.remove(requireUserId(request), request.params.id);
      // Someone else's notification answers exactly like a missing one, so ids reveal nothing.
      if (!deleted) throw new HttpError(404, messageKey(API_TEXTS, "notificationNotFound"));
      return { message: serverText(requestLanguage(request.headers), API_TEXTS, "notificationRemoved") };
    },
  );

  app.delete(
    "/api/notifications",
    { schema: { tags: ["notifications"], response: { 200: countSchema } } },
    async (request) => ({ count: await notifications.removeAll(requireUserId(request)) }),
  );
};
