import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  WAITLIST_ALREADY_MESSAGE,
  WAITLIST_JOINED_MESSAGE,
  WAITLIST_SIGNUPS_PER_MINUTE,
  WAITLIST_TEXTS,
  waitlistBodySchema,
  waitlistResultSchema,
  waitlistStatsSchema,
} from "#contract/waitlist";
import type { RouteDeps } from "#server/compose";
import { limitPerAddress } from "#server/http/rate-limits";

export const earlyAccessRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.earlyAccess;
  // Public and unauthenticated: a per-address budget keeps scripts from filling the table.
  const limited = limitPerAddress(
    app.rateLimits.limiter("waitlist", { points: WAITLIST_SIGNUPS_PER_MINUTE, windowMs: 60_000 }),
    WAITLIST_TEXTS.tooMany,
  );

  app.post(
    "/api/waitlist",
    {
      config: { public: true },
      onRequest: limited,
      schema: {
        tags: ["waitlist"],
        body: waitlistBodySchema,
        response: { 200: waitlistResultSchema, 201: waitlistResultSchema },
      },
    },
    async (request, reply) => {
      const { fullName, email, username } = request.body;
      const added = await service.join({ fullName, username, email });
      if (!added) return reply.code(200).send({ message: WAITLIST_ALREADY_MESSAGE, alreadyListed: true });
      return reply.code(201).send({ message: WAITLIST_JOINED_MESSAGE, alreadyListed: false });
    },
  );

  app.get(
    "/api/waitlist/stats",
    { config: { public: true }, schema: { tags: ["waitlist"], response: { 200: waitlistStatsSchema } } },
    () => service.stats(),
  );
};
