import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  EARLY_ACCESS_LIMIT_TEXTS,
  EARLY_ACCESS_SIGNUPS_PER_MINUTE,
  earlyAccessBodySchema,
  earlyAccessResultSchema,
  earlyAccessStatsSchema,
} from "#contract/early-access";
import { messageKey } from "#contract/i18n/texts";
import { EARLY_ACCESS_TEXTS } from "#contract/shell-texts";
import type { RouteDeps } from "#server/compose";
import { limitPerAddress } from "#server/http/rate-limits";
import { requestLanguage, serverText } from "#server/i18n";

export const earlyAccessRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.earlyAccess;
  // Public and unauthenticated: a per-address budget keeps scripts from filling the table.
  const limited = limitPerAddress(
    app.rateLimits.limiter("early-access", { points: EARLY_ACCESS_SIGNUPS_PER_MINUTE, windowMs: 60_000 }),
    messageKey(EARLY_ACCESS_LIMIT_TEXTS, "tooMany"),
  );

  app.post(
    "/api/waitlist",
    {
      config: { public: true },
      onRequest: limited,
      schema: {
        tags: ["early-access"],
        body: earlyAccessBodySchema,
        response: { 200: earlyAccessResultSchema, 201: earlyAccessResultSchema },
      },
    },
    async (request, reply) => {
      const { fullName, email, username } = request.body;
      const added = await service.join({ fullName, username, email });
      const language = requestLanguage(request.headers);
      if (!added)
        return reply
          .code(200)
          .send({ message: serverText(language, EARLY_ACCESS_TEXTS, "alreadyOnList"), alreadyListed: true });
      return reply
        .code(201)
        .send({ message: serverText(language, EARLY_ACCESS_TEXTS, "onTheList"), alreadyListed: false });
    },
  );

  app.get(
    "/api/waitlist/stats",
    { config: { public: true }, schema: { tags: ["early-access"], response: { 200: earlyAccessStatsSchema } } },
    () => service.stats(),
  );
};
