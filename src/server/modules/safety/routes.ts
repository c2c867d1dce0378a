import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { API_TEXTS } from "#contract/api-texts";
import { messageSchema } from "#contract/auth";
import { cursorParamSchema, pageLimitSchema } from "#contract/fields";
import { messageKey } from "#contract/i18n/texts";
import {
  ADMIN_REPORTS_PAGE_MAX,
  adminReportSchema,
  blockBodySchema,
  blockEventsSchema,
  blockedUserSchema,
  hiddenBodySchema,
  idParamsSchema,
  REPORTS_PER_HOUR,
  reportBodySchema,
  SAFETY_TEXTS,
  suspendedBodySchema,
  userIdParamsSchema,
} from "#contract/safety";
import { MODERATION_TEXTS } from "#contract/safety-texts";
import type { RouteDeps } from "#server/compose";
import { HttpError } from "#server/http/http-error";
import { limitPerUser } from "#server/http/rate-limits";
import { requireUserId } from "#server/http/session";
import { requestLanguage, serverText } from "#server/i18n";
import { toPublicUser } from "../users";

const errors = { 400: messageSchema, 403: messageSchema, 404: messageSchema };

/** Blocks, reports and the moderators' actions. */
export const safetyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { safety: service, roles } = deps.services;
  const reportLimiter = app.rateLimits.limiter("reports", { points: REPORTS_PER_HOUR, windowMs: 60 * 60 * 1000 });

  /** 403 unless the signed-in user is a moderator; checked before anything the request names is looked up. */
  async function requireAdmin(request: FastifyRequest) {
    const userId = requireUserId(request);
    if (!(await roles.isModerator(userId))) throw new HttpError(403, messageKey(SAFETY_TEXTS, "adminOnly"));
    return userId;
  }

  app.get(
    "/api/blocks",
    {
      schema: {
        tags: ["safety"],
        querystring: z.object({ limit: pageLimitSchema }),
        response: { 200: z.array(blockedUserSchema) },
      },
    },
    async (request) => {
      const rows = await service.listBlocked(requireUserId(request), request.query.limit);
      return rows.map((r) => ({ ...toPublicUser(r.user), blockedAt: r.blockedAt.toISOString() }));
    },
  );

  app.post(
    "/api/blocks",
    { schema: { tags: ["safety"], body: blockBodySchema.strict(), response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await service.block(requireUserId(request), request.body.userId, { keepEvents: request.body.keepEvents });
      return { message: serverText(requestLanguage(request.headers), API_TEXTS, "blocked") };
    },
  );

  // Asked before a block: the dialog names the events it would leave and those the blocker may keep.
  app.get(
    "/api/blocks/:userId/events",
    {
      schema: { tags: ["safety"], params: userIdParamsSchema, response: { 200: blockEventsSchema, ...errors } },
    },
    async (request) => service.eventsAcrossBlock(requireUserId(request), request.params.userId),
  );

  app.delete(
    "/api/blocks/:userId",
    { schema: { tags: ["safety"], params: userIdParamsSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await service.unblock(requireUserId(request), request.params.userId);
      return { message: serverText(requestLanguage(request.headers), API_TEXTS, "unblocked") };
    },
  );

  app.post(
    "/api/reports",
    {
      preHandler: limitPerUser(reportLimiter, messageKey(SAFETY_TEXTS, "tooManyReports")),
      schema: {
        tags: ["safety"],
        body: reportBodySchema,
        response: { 201: messageSchema, 429: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.report(requireUserId(request), request.body);
      return reply.code(201).send({ message: serverText(requestLanguage(request.headers), SAFETY_TEXTS, "reported") });
    },
  );

  app.get(
    "/api/admin/reports",
    {
      schema: {
        tags: ["admin"],
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(ADMIN_REPORTS_PAGE_MAX).default(ADMIN_REPORTS_PAGE_MAX),
          after: cursorParamSchema.optional(),
        }),
        response: { 200: z.array(adminReportSchema), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return service.openReports(request.query.limit, request.query.after ?? 0);
    },
  );

  app.post(
    "/api/admin/reports/:id/resolve",
    { schema: { tags: ["admin"], params: idParamsSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      const moderatorId = await requireAdmin(request);
      await service.resolveReport(request.params.id, moderatorId);
      return { message: serverText(requestLanguage(request.headers), API_TEXTS, "reportResolved") };
    },
  );

  app.put(
    "/api/admin/events/:id/hidden",
    {
      schema: {
        tags: ["admin"],
        params: idParamsSchema,
        body: hiddenBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      await service.setEventHidden(request.params.id, request.body.hidden);
      const language = requestLanguage(request.headers);
      return { message: serverText(language, MODERATION_TEXTS, request.body.hidden ? "eventHidden" : "eventShown") };
    },
  );

  app.put(
    "/api/admin/messages/:id/hidden",
    {
      schema: {
        tags: ["admin"],
        params: idParamsSchema,
        body: hiddenBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      await service.setMessageHidden(request.params.id, request.body.hidden);
      const language = requestLanguage(request.headers);
      return {
        message: serverText(language, MODERATION_TEXTS, request.body.hidden ? "messageHidden" : "messageShown"),
      };
    },
  );

  app.put(
    "/api/admin/users/:id/suspended",
    {
      schema: {
        tags: ["admin"],
        params: idParamsSchema,
        body: suspendedBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const moderatorId = await requireAdmin(request);
      await service.setSuspended(request.params.id, request.body.suspended, moderatorId);
      const language = requestLanguage(request.headers);
      const said = request.body.suspended ? "accountSuspended" : "suspensionLifted";
      return { message: serverText(language, MODERATION_TEXTS, said) };
    },
  );
};
