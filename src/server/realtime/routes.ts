import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { API_TEXTS } from "#contract/api-texts";
import { messageKey } from "#contract/i18n/texts";
import { SOCKET_OPENS_PER_MINUTE } from "#contract/limits";
import { SOCKET_TEXTS, SOCKET_UNAUTHORIZED_CODE } from "#contract/socket";
import { errorAnswer } from "#server/http/error-texts";
import { HttpError } from "#server/http/http-error";
import { requestLanguage } from "#server/i18n";
import { retryAfterSeconds } from "../http/rate-limits";
import { isSameOrigin } from "../http/same-origin";
import type { Bus } from "./bus";
import { createHub, type RealtimeHandlers } from "./hub";

/** What the composition root hands the realtime routes: the bus, the handlers, and who may open a socket. */
export interface RealtimeOptions {
  bus: Bus;
  handlers: RealtimeHandlers;
  /** PUBLIC_ORIGIN: an upgrade from any other origin is refused. */
  publicOrigin: string | undefined;
  /** Told how to count this instance's sockets: push delivery skips users with one open (they see it live). */
  countSocketsWith?: (openSocketsOf: (userId: number) => number) => void;
}

/** GET /ws: the one real-time socket. Refused before the upgrade without a session or from another origin. */
export const realtimeRoutes: FastifyPluginAsync<RealtimeOptions> = async (app, options) => {
  const hub = createHub({ bus: options.bus, handlers: options.handlers, limits: app.rateLimits, log: app.log });
  app.addHook("preClose", async () => hub.close());
  options.countSocketsWith?.(hub.openSocketsOf);
  const opens = app.rateLimits.limiter("socket-opens", { points: SOCKET_OPENS_PER_MINUTE, windowMs: 60_000 });
  /** The slot preValidation reserved, handed to the upgraded socket. */
  const reservedSlots = new WeakMap<FastifyRequest, string>();

  app.get(
    "/ws",
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        // Browsers always send Origin on a socket upgrade; one from another site could ride the cookie.
        if (origin && !isSameOrigin(origin, request.headers.host, options.publicOrigin)) {
          throw new HttpError(403, messageKey(API_TEXTS, "crossSiteSockets"));
        }
        if (request.userId == null) throw new HttpError(401, messageKey(API_TEXTS, "notSignedIn"));
        // Sockets are opened at a human pace, and a user holds at most SOCKETS_PER_USER_MAX
        // of them across all instances.
        const verdict = await opens.consume(request.userId);
        if (!verdict.allowed) {
          const seconds = retryAfterSeconds(verdict);
          return reply
            .code(429)
            .header("retry-after", String(seconds))
            .send(
              errorAnswer(requestLanguage(request.headers), 429, messageKey(SOCKET_TEXTS, "tooManyFrames"), {
                seconds,
              }),
            );
        }
        const slot = await hub.reserveSocket(request.userId);
        if (!slot) throw new HttpError(429, messageKey(SOCKET_TEXTS, "tooManySockets"));
        reservedSlots.set(request, slot);
      },
    },
    (socket, request) => {
      // preValidation already refused anonymous upgrades; this guards a hook-order change.
      if (request.userId == null) return socket.close(SOCKET_UNAUTHORIZED_CODE, "Not signed in");
      const slot = reservedSlots.get(request);
      if (!slot) return socket.close(SOCKET_UNAUTHORIZED_CODE, "Not signed in");
      hub.accept(
        socket,
        request.userId,
        request.sessionHash ?? "",
        slot,
        request.raw.socket,
        requestLanguage(request.headers),
      );
    },
  );
};
