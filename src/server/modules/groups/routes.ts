import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { API_TEXTS } from "#contract/api-texts";
import { messageSchema } from "#contract/auth";
import { encodeKeysetCursor, idPageQuerySchema, idParamSchema, keysetPageQuerySchema } from "#contract/fields";
import {
  createdGroupSchema,
  createGroupBodySchema,
  createInviteBodySchema,
  directGroupBodySchema,
  groupAvailabilityBodySchema,
  groupAvailabilityQuerySchema,
  groupAvailabilitySchema,
  groupBestTimesQuerySchema,
  groupBestTimesSchema,
  groupEventParamsSchema,
  groupEventSchema,
  groupIdParamsSchema,
  groupInvitationSchema,
  groupListItemSchema,
  groupMemberSchema,
  markReadBodySchema,
  voteBodySchema,
  voteResultSchema,
} from "#contract/groups";
import { messageKey } from "#contract/i18n/texts";
import { SOCKET_TEXTS } from "#contract/socket";
import type { RouteDeps } from "#server/compose";
import { creationLimit } from "#server/http/creation-limits";
import { sendPage } from "#server/http/pagination";
import { limitPerUser } from "#server/http/rate-limits";
import { requireUserId } from "#server/http/session";
import { requestLanguage, serverText } from "#server/i18n";
import { VOTE_LIMIT } from "./service";

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema };
const tags = ["groups"];
const todayUtc = () => new Date().toISOString().slice(0, 10);

export const groupsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { groups: service, uploads: images } = deps.services;
  const toCreated = (g: {
    id: number;
    name: string;
    description: string;
    imageUrl: string | null;
    isPrivate: boolean;
    isDirect: boolean;
    inviteCode: string | null;
  }) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    imageUrl: g.imageUrl,
    isPrivate: g.isPrivate,
    isDirect: g.isDirect,
    inviteCode: g.inviteCode,
  });

  app.get(
    "/api/groups/user",
    { schema: { tags, querystring: idPageQuerySchema, response: { 200: z.array(groupListItemSchema), ...errors } } },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await service.listForUser(requireUserId(request), { take: limit + 1, afterId: cursor });
      return sendPage(reply, rows, limit, (last) => last.id);
    },
  );

  app.post(
    "/api/groups",
    {
      preHandler: creationLimit(app, "groups"),
      schema: { tags, body: createGroupBodySchema, response: { 201: createdGroupSchema, ...errors } },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      // A group photo is one its creator uploaded to Link.
      await images.assertOwnImage(userId, request.body.imageUrl, messageKey(API_TEXTS, "groupPhotoNotUploaded"));
      const group = await service.create(userId, request.body);
      return reply.code(201).send(toCreated(group));
    },
  );

  app.post(
    "/api/groups/direct",
    {
      schema: {
        tags,
        body: directGroupBodySchema,
        response: { 200: createdGroupSchema, 201: createdGroupSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { group, created } = await service.openDirect(requireUserId(request), request.body.userId);
      return reply.code(created ? 201 : 200).send(toCreated(group));
    },
  );

  app.get(
    "/api/groups/:id/members",
    {
      schema: {
        tags,
        params: groupIdParamsSchema,
        querystring: keysetPageQuerySchema,
        response: { 200: z.array(groupMemberSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await service.members(requireUserId(request), request.params.id, { take: limit + 1, after: cursor });
      return sendPage(reply, rows, limit, (last) => encodeKeysetCursor(new Date(last.joinedAt), last.id));
    },
  );

  app.get(
    "/api/groups/:id/invitations",
    {
      schema: {
        tags,
        params: groupIdParamsSchema,
        querystring: idPageQuerySchema,
        response: { 200: z.array(groupInvitationSchema), ...errors },
      },
    },
    async (request, reply) => {
      // Newest first: the cursor is the last (oldest) id of the previous page.
      const { limit, cursor } = request.query;
      const rows = await service.invitations(requireUserId(request), request.params.id, {
        take: limit + 1,
        beforeId: cursor,
      });
      return sendPage(reply, rows, limit, (last) => last.id);
    },
  );

  app.post(
    "/api/groups/:id/invites",
    {
      preHandler: creationLimit(app, "invites"),
      schema: {
        tags,
        params: groupIdParamsSchema,
        body: createInviteBodySchema,
        response: { 201: groupInvitationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createInvite(requireUserId(request), request.params.id, request.body)),
  );

  app.post(
    "/api/groups/:id/leave",
    { schema: { tags, params: groupIdParamsSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await service.leave(requireUserId(request), request.params.id);
      return { message: serverText(requestLanguage(request.headers), API_TEXTS, "leftGroup") };
    },
  );

  app.delete(
    "/api/groups/:id/members/:userId",
    {
      schema: {
        tags,
        params: groupIdParamsSchema.extend({ userId: idParamSchema }),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await service.removeMember(requireUserId(request), request.params.id, request.params.userId);
      return { message: serverText(requestLanguage(request.headers), API_TEXTS, "memberRemoved") };
    },
  );

  app.post(
    "/api/groups/:id/read",
    {
      schema: {
        tags,
        params: groupIdParamsSchema,
        body: markReadBodySchema.optional(),
        response: { 200: z.object({ lastReadMessageId: z.number().int() }), ...errors },
      },
    },
    async (request) => ({
      lastReadMessageId: await service.markRead(requireUserId(request), request.params.id, request.body?.messageId),
    }),
  );

  app.get(
    "/api/groups/:id/events",
    {
      schema: {
        tags,
        params: groupIdParamsSchema,
        querystring: keysetPageQuerySchema,
        response: { 200: z.array(groupEventSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await service.events(requireUserId(request), request.params.id, { take: limit + 1, after: cursor });
      return sendPage(reply, rows, limit, (last) => encodeKeysetCursor(new Date(last.date), last.id));
    },
  );

  app.post(
    "/api/groups/:id/events/:eventId/vote",
    {
      preHandler: limitPerUser(
        app.rateLimits.limiter(VOTE_LIMIT.name, VOTE_LIMIT.limit),
        messageKey(SOCKET_TEXTS, "tooManyFrames"),
      ),
      schema: {
        tags,
        params: groupEventParamsSchema,
        body: voteBodySchema,
        response: {
          200: voteResultSchema,
          ...errors,
          429: messageSchema,
        },
      },
    },
    async (request) => {
      const { id, eventId } = request.params;
      const { vote, optionId } = request.body;
      // With optionId the vote is on one option of a poll (modules/polls); without, on the plan as a whole.
      if (optionId !== undefined) return deps.services.polls.vote(requireUserId(request), id, eventId, optionId, vote);
      const update = await service.vote(requireUserId(request), id, eventId, vote);
      return { eventId: update.eventId, votes: update.votes };
    },
  );

  app.get(
    "/api/groups/:id/availability",
    {
      schema: {
        tags,
        params: groupIdParamsSchema,
        querystring: groupAvailabilityQuerySchema,
        response: { 200: groupAvailabilitySchema, ...errors },
      },
    },
    async (request) =>
      service.availability(requireUserId(request), request.params.id, request.query.date ?? todayUtc()),
  );

  app.post(
    "/api/groups/:id/availability",
    {
      schema: {
        tags,
        params: groupIdParamsSchema,
        body: groupAvailabilityBodySchema,
        response: { 200: groupAvailabilitySchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      await service.saveAvailability(userId, request.params.id, request.body.date, request.body.timeslots);
      return service.availability(userId, request.params.id, request.body.date);
    },
  );

  app.get(
    "/api/groups/:id/availability/best",
    {
      schema: {
        tags,
        params: groupIdParamsSchema,
        querystring: groupBestTimesQuerySchema,
        response: { 200: groupBestTimesSchema, ...errors },
      },
    },
    async (request) =>
      service.bestTimes(
        requireUserId(request),
        request.params.id,
        request.query.from ?? todayUtc(),
        request.query.days,
      ),
  );
};
