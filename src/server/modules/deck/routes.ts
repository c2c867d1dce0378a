import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../contract/auth";
import { eventIdParamsSchema } from "../../../contract/events";
import type { AppDeps } from "../../deps";
import { requireUserId } from "../../http/session";
import { deckRepository } from "./repository";
import { deckService } from "./service";

export const deckRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = deckService(deckRepository(deps.database.db), { db: deps.database.db, bus: deps.bus });

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
