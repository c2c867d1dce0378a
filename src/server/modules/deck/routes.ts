import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../contract/auth";
import { eventIdParamsSchema } from "../../../contract/events";
import type { RouteDeps } from "../../compose";
import { requireUserId } from "../../http/session";

export const deckRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.deck;

  // Undo on the swipe deck: deletes the caller's stored answer (going or declined) to the event.
  app.delete(
    "/api/event-interactions/:id",
    {
      schema: {
        tags: ["events"],
        params: eventIdParamsSchema,
        response: { 204: z.null().describe("The answer is gone; the event is back in the deck"), 404: messageSchema },
      },
    },
    async (request, reply) => {
      await service.undo(requireUserId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
