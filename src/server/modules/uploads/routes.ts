import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { API_TEXTS } from "#contract/api-texts";
import { messageSchema } from "#contract/auth";
import { messageKey } from "#contract/i18n/texts";
import { IMAGE_WIDTHS, PHOTO_BODY_LIMIT_BYTES } from "#contract/limits";
import type { ImageWidth } from "#contract/media";
import { uploadBodySchema, uploadResultSchema } from "#contract/users";
import type { RouteDeps } from "#server/compose";
import { HttpError } from "#server/http/http-error";
import { requireUserId } from "#server/http/session";
import { QuotaError } from "./service";

const uploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
const widthSchema = z.coerce
  .number()
  .int()
  .refine(
    (w): w is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(w),
    `width must be one of ${IMAGE_WIDTHS.join(", ")}`,
  );

export const uploadsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.uploads;

  app.post(
    "/api/uploads",
    {
      // The app-wide JSON limit is 64 KB; a photo gets its own, larger one (413 beyond it).
      bodyLimit: PHOTO_BODY_LIMIT_BYTES,
      schema: {
        tags: ["uploads"],
        body: uploadBodySchema,
        response: {
          201: uploadResultSchema,
          400: messageSchema,
          413: messageSchema,
          415: messageSchema,
          429: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      try {
        return reply.code(201).send(await service.store(userId, request.body.dataUrl));
      } catch (error) {
        if (error instanceof QuotaError) reply.header("retry-after", String(error.retryAfterS));
        throw error;
      }
    },
  );

  const serve = async (id: string, width: ImageWidth | undefined) => {
    const bytes = await service.load(id, width);
    if (!bytes) throw new HttpError(404, messageKey(API_TEXTS, "uploadNotFound"));
    return bytes;
  };
  const headers = {
    "content-type": "image/webp",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    // An id always names the same bytes.
    "cache-control": "public, max-age=31536000, immutable",
  };

  // Public like any image URL (group invites are seen by visitors); ids are 128 random bits.
  app.get(
    "/api/uploads/:id",
    { config: { public: true }, schema: { tags: ["uploads"], params: z.object({ id: uploadIdSchema }) } },
    async (request, reply) => reply.headers(headers).send(await serve(request.params.id, undefined)),
  );
  app.get(
    "/api/uploads/:id/:width",
    {
      config: { public: true },
      schema: { tags: ["uploads"], params: z.object({ id: uploadIdSchema, width: widthSchema }) },
    },
    async (request, reply) =>
      reply.headers(headers).send(await serve(request.params.id, request.params.width as ImageWidth)),
  );
};
