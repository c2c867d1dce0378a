import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageSchema } from "#contract/auth";
import {
  INVITE_LOOKUPS_PER_MINUTE,
  INVITE_TEXTS,
  inviteCodeParamsSchema,
  inviteViewSchema,
  joinInviteResultSchema,
} from "#contract/groups";
import { messageKey } from "#contract/i18n/texts";
import type { RouteDeps } from "#server/compose";
import { limitPerAddress } from "#server/http/rate-limits";
import { requireUserId } from "#server/http/session";

const tags = ["invites"];

export const invitesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.invites;
  // Codes are 96 random bits, but a per-IP budget keeps even trying them pointless.
  const lookupLimit = limitPerAddress(
    app.rateLimits.limiter("invite-lookup", { points: INVITE_LOOKUPS_PER_MINUTE, windowMs: 60_000 }),
    messageKey(INVITE_TEXTS, "tooMany"),
  );

  app.get(
    "/api/group-invite/:code",
    {
      config: { public: true },
      onRequest: lookupLimit,
      schema: { tags, params: inviteCodeParamsSchema, response: { 200: inviteViewSchema, 404: messageSchema } },
    },
    async (request) => service.view(request.params.code, request.userId),
  );

  app.post(
    "/api/group-invite/:code/join",
    {
      onRequest: lookupLimit,
      schema: {
        tags,
        params: inviteCodeParamsSchema,
        response: { 200: joinInviteResultSchema, 401: messageSchema, 404: messageSchema, 410: messageSchema },
      },
    },
    async (request) => {
      const { group } = await service.join(request.params.code, requireUserId(request));
      return { group };
    },
  );
};
