import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../contract/auth";
import { PHOTO_BODY_LIMIT_BYTES } from "../../../contract/limits";
import { uploadBodySchema, uploadResultSchema } from "../../../contract/users";
import type { AppDeps } from "../../app";
import { requireUserId } from "../../http/session";
import { uploadsRepository } from "./repository";
import { uploadsService } from "./service";


export const uploadsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = uploadsService(uploadsRepository(deps.database.db));

  app.post(
    "/api/uploads",
    {
      // The app-wide JSON limit is 64 KB; a photo gets its own, larger one (413 beyond it).
      bodyLimit: PHOTO_BODY_LIMIT_BYTES,
      schema: { tags: ["uploads"], body: uploadBodySchema, response: { 201: uploadResultSchema, 400: messageSchema, 413: messageSchema, 415: messageSchema } },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      return reply.code(201).send(await service.store(userId, request.body.dataUrl));
    },
  );

  // Public like any image URL (group invites are seen by visitors); ids are 128 random bits.
  app.get(
    "/api/uploads/:id",
    { config: { public: true }, schema: { tags: ["uploads"], params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }) } },
    async (request, reply) => {
      const file = await service.load(request.params.id);
      if (!file) throw app.httpErrors.notFound("Upload not found");
      return reply
        .header("content-type", file.contentType)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        // An id always names the same bytes.
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(file.bytes);
    },
  );
};
