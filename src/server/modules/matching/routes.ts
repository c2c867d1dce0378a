import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageSchema } from "#contract/auth";
import { meetingChangeBodySchema, meetingEnvelopeSchema, meetingIdParamsSchema } from "#contract/matching";
import type { RouteDeps } from "#server/compose";
import { requireUserId } from "#server/http/session";
import { eventMatchingRoutes } from "./event-routes";

/** /api/meetings: a meeting's answer, cancellation or new time; an event's own meeting routes are in event-routes.ts. */
export const matchingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await eventMatchingRoutes(app, deps);

  app.patch(
    "/api/meetings/:id",
    {
      schema: {
        tags: ["matching"],
        description:
          "`status`: the person asked accepts or declines (403 for the other), either cancels; `startsAt`: either proposes a new time, back to pending for the other. 404 for a meeting that is not the viewer's; 409 when it can no longer change or the new time is taken.",
        params: meetingIdParamsSchema,
        body: meetingChangeBodySchema,
        response: {
          200: meetingEnvelopeSchema,
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) => ({
      meeting: await deps.services.matching.change(requireUserId(request), request.params.id, request.body),
    }),
  );
};
