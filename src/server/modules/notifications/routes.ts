import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../contract/auth";
import { idParamSchema } from "../../../contract/fields";
import {
  type AppNotification,
  notificationListQuerySchema,
  notificationPageSchema,
} from "../../../contract/notifications";
import type { RouteDeps } from "../../compose";
import { HttpError } from "../../http/http-error";
import { requireUserId } from "../../http/session";
import type { NotificationRow } from "./repository";

const toNotification = (row: NotificationRow): AppNotification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  actionUrl: row.actionUrl,
  read: row.read,
  timestamp: row.createdAt.toISOString(),
});

const countSchema = z.object({ count: z.number().int() });

export const notificationsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const repo = deps.services.repositories.notifications;

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
      const userId = requireUserId(request);
      const { limit, cursor } = request.query;
      // One extra row tells whether an older page exists without a second count query.
      const rows = await repo.listPage(userId, limit + 1, cursor);
      const page = rows.slice(0, limit);
      return {
        notifications: page.map(toNotification),
        nextCursor: rows.length > limit ? page[page.length - 1].id : null,
        unreadCount: await repo.countUnread(userId),
      };
    },
  );

  app.post(
    "/api/notifications/read-all",
    { schema: { tags: ["notifications"], response: { 200: countSchema } } },
    async (request) => ({ count: await repo.markAllRead(requireUserId(request)) }),
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
      const deleted = await repo.deleteOwn(requireUserId(request), request.params.id);
      // Someone else's notification answers exactly like a missing one, so ids reveal nothing.
      if (!deleted) throw new HttpError(404, "Notification not found");
      return { message: "Notification removed" };
    },
  );

  app.delete(
    "/api/notifications",
    { schema: { tags: ["notifications"], response: { 200: countSchema } } },
    async (request) => ({ count: await repo.deleteAll(requireUserId(request)) }),
  );
};
