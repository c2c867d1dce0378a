import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../contract/auth";
import { cursorParamSchema, pageLimitSchema } from "../../../contract/fields";
import {
  ADMIN_REPORTS_PAGE_MAX,
  type AdminReport,
  adminReportSchema,
  blockBodySchema,
  blockedUserSchema,
  EMAIL_HASH_SHOWN,
  hiddenBodySchema,
  idParamsSchema,
  REPORTS_PER_HOUR,
  reportBodySchema,
  SAFETY_TEXTS,
  suspendedBodySchema,
  userIdParamsSchema,
} from "../../../contract/safety";
import type { RouteDeps } from "../../compose";
import { HttpError } from "../../http/http-error";
import { limitPerUser } from "../../http/rate-limits";
import { requireUserId } from "../../http/session";
import { sessionCacheFor } from "../../http/session-cache";
import { publishSessionsRevoked } from "../../realtime/bus";
import { toPublicUser } from "../users/public-user";
import { reportEmailKey } from "./email-hash";

const errors = { 400: messageSchema, 403: messageSchema, 404: messageSchema };

/** Blocks, reports and the moderators' actions. */
export const safetyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { safety: repo, users, groups } = deps.services.repositories;
  const { roles } = deps.services;
  const reportLimiter = app.rateLimits.limiter("reports", { points: REPORTS_PER_HOUR, windowMs: 60 * 60 * 1000 });

  /** 403 unless the signed-in user is a moderator; checked before anything the request names is looked up. */
  async function requireAdmin(request: FastifyRequest) {
    const userId = requireUserId(request);
    if (!(await roles.isModerator(userId))) throw new HttpError(403, SAFETY_TEXTS.adminOnly);
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
      const rows = await repo.listBlocked(requireUserId(request), request.query.limit);
      return rows.map((r) => ({ ...toPublicUser(r.user), blockedAt: r.blockedAt.toISOString() }));
    },
  );

  app.post(
    "/api/blocks",
    { schema: { tags: ["safety"], body: blockBodySchema.strict(), response: { 200: messageSchema, ...errors } } },
    async (request) => {
      const userId = requireUserId(request);
      const otherId = request.body.userId;
      if (otherId === userId) throw new HttpError(400, SAFETY_TEXTS.blockSelf);
      if (!(await users.findById(otherId))) throw new HttpError(404, SAFETY_TEXTS.userNotFound);
      await repo.block(userId, otherId);
      return { message: "Blocked" };
    },
  );

  app.delete(
    "/api/blocks/:userId",
    { schema: { tags: ["safety"], params: userIdParamsSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await repo.unblock(requireUserId(request), request.params.userId);
      return { message: "Unblocked" };
    },
  );

  app.post(
    "/api/reports",
    {
      preHandler: limitPerUser(reportLimiter, SAFETY_TEXTS.tooManyReports),
      schema: {
        tags: ["safety"],
        body: reportBodySchema,
        response: { 201: messageSchema, 429: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { targetType, targetId } = request.body;
      // Only what the reporter can see may be reported: nothing here confirms that anything else exists.
      if (targetType === "user") {
        if (targetId === userId) throw new HttpError(400, SAFETY_TEXTS.reportSelf);
        if (!(await users.findById(targetId))) throw new HttpError(404, SAFETY_TEXTS.targetNotFound);
      } else if (targetType === "message") {
        const message = await repo.findMessage(targetId);
        if (!message || !(await groups.isMember(message.groupId, userId)))
          throw new HttpError(404, SAFETY_TEXTS.targetNotFound);
      } else {
        const event = await repo.findEvent(targetId);
        const visible =
          event &&
          (event.hostId === userId ||
            (event.hiddenAt === null && (event.groupId === null || (await groups.isMember(event.groupId, userId)))));
        if (!visible) throw new HttpError(404, SAFETY_TEXTS.targetNotFound);
      }
      await repo.insertReport(userId, request.body);
      return reply.code(201).send({ message: SAFETY_TEXTS.reported });
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
      const rows = await repo.openReports(
        request.query.limit,
        request.query.after ?? 0,
        await reportEmailKey(deps.services.repositories.push),
      );
      return rows.map(
        (r): AdminReport => ({
          id: Number(r.id),
          targetType: r.target_type,
          reason: r.reason,
          details: String(r.details),
          createdAt: new Date(r.created_at).toISOString(),
          reporter: {
            id: Number(r.reporter_id),
            fullName: String(r.reporter_name),
            username: String(r.reporter_username),
          },
          subject:
            r.subject_id == null
              ? null
              : {
                  id: Number(r.subject_id),
                  fullName: String(r.subject_name),
                  username: String(r.subject_username),
                  suspended: Boolean(r.subject_suspended),
                },
          message:
            r.message_id == null
              ? null
              : {
                  id: Number(r.message_id),
                  groupId: Number(r.message_group_id),
                  text: String(r.message_text),
                  hidden: Boolean(r.message_hidden),
                },
          event:
            r.event_id == null
              ? null
              : { id: Number(r.event_id), title: String(r.event_title), hidden: Boolean(r.event_hidden) },
          deletedSubject:
            r.subject_deleted_at == null
              ? null
              : {
                  deletedAt: new Date(r.subject_deleted_at).toISOString(),
                  emailHash: String(r.subject_email_hash ?? "").slice(0, EMAIL_HASH_SHOWN),
                  sameAddressNow:
                    r.again_id == null
                      ? null
                      : { id: Number(r.again_id), fullName: String(r.again_name), username: String(r.again_username) },
                },
        }),
      );
    },
  );

  app.post(
    "/api/admin/reports/:id/resolve",
    { schema: { tags: ["admin"], params: idParamsSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      const moderatorId = await requireAdmin(request);
      if (!(await repo.resolveReport(request.params.id, moderatorId)))
        throw new HttpError(404, SAFETY_TEXTS.reportNotFound);
      return { message: "Report resolved" };
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
      if (!(await repo.setEventHidden(request.params.id, request.body.hidden)))
        throw new HttpError(404, SAFETY_TEXTS.eventNotFound);
      return { message: request.body.hidden ? "Event hidden" : "Event shown" };
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
      if (!(await repo.setMessageHidden(request.params.id, request.body.hidden)))
        throw new HttpError(404, SAFETY_TEXTS.messageNotFound);
      return { message: request.body.hidden ? "Message hidden" : "Message shown" };
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
      if (request.params.id === moderatorId) throw new HttpError(400, "You cannot suspend yourself");
      const { found, endedSessions } = await repo.setSuspended(request.params.id, request.body.suspended);
      if (!found) throw new HttpError(404, SAFETY_TEXTS.userNotFound);
      // Their sessions are gone from the table; drop them from this instance's cache and close their sockets everywhere.
      sessionCacheFor(deps.bus).evict(endedSessions);
      await publishSessionsRevoked(deps.bus, endedSessions);
      return { message: request.body.suspended ? "Account suspended" : "Suspension lifted" };
    },
  );
};
