import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "#contract/auth";
import { calendarFeedParamsSchema, calendarSubscriptionSchema } from "#contract/calendar";
import type { RouteDeps } from "#server/compose";
import { publicOrigin } from "#server/config";
import { requireUserId } from "#server/http/session";

const tags = ["calendar"];
const errors = { 401: messageSchema, 404: messageSchema, 503: messageSchema };

export const calendarRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.calendar;
  const origin = () => publicOrigin(deps.config);

  app.get(
    "/api/calendar/subscription",
    { schema: { tags, response: { 200: calendarSubscriptionSchema, ...errors } } },
    async (request) => service.subscription(requireUserId(request), origin()),
  );

  app.post(
    "/api/calendar/subscription/rotate",
    { schema: { tags, response: { 200: calendarSubscriptionSchema, ...errors } } },
    async (request) => service.rotate(requireUserId(request), origin()),
  );

  // Opened by calendar apps, which carry no cookie: the secret token in the path is the only key.
  app.get(
    "/api/calendar/feed/:token",
    {
      config: { public: true },
      schema: { tags, params: calendarFeedParamsSchema, response: { 200: z.string(), 400: messageSchema, ...errors } },
    },
    async (request, reply) => {
      const ics = await service.feed(request.params.token, origin());
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("cache-control", "private, no-cache")
        .send(ics);
    },
  );
};
