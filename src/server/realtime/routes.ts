import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { SESSION_IDLE_MS, SOCKET_OPENS_PER_MINUTE } from "../../contract/limits";
import { SOCKET_TEXTS, SOCKET_UNAUTHORIZED_CODE } from "../../contract/socket";
import type { AppDeps } from "../deps";
import { retryAfterSeconds } from "../http/rate-limits";
import { isSameOrigin } from "../http/same-origin";
import { authRepository } from "../modules/auth/repository";
import { chatRepository } from "../modules/chat/repository";
import { chatService } from "../modules/chat/service";
import { groupsRepository } from "../modules/groups/repository";
import { groupsService } from "../modules/groups/service";
import { registerLocalSockets } from "../modules/push/presence";
import { createHub } from "./hub";

/** GET /ws: the one real-time socket. Refused before the upgrade without a session or from another origin. */
export const realtimeRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const db = deps.database.db;
  const groupsRepo = groupsRepository(db);
  const sessionsRepo = authRepository(db);
  const hub = createHub({
    bus: deps.bus,
    groupsRepo,
    groups: groupsService({ repo: groupsRepo, bus: deps.bus }),
    chat: chatService({ chat: chatRepository(db), groups: groupsRepo, bus: deps.bus }),
    limits: app.rateLimits,
    liveSessions: async (hashes) => {
      const now = Date.now();
      return new Set(await sessionsRepo.liveSessionHashes(hashes, new Date(now), new Date(now - SESSION_IDLE_MS)));
    },
    log: app.log,
  });
  app.addHook("preClose", async () => hub.close());
  // Push delivery asks whether a user has a socket open here (issue 14.2).
  registerLocalSockets(deps.bus, hub.openSocketsOf);
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
        if (origin && !isSameOrigin(origin, request.headers.host, deps.config.PUBLIC_ORIGIN)) {
          return reply.code(403).send({ message: "Cross-site sockets are not allowed" });
        }
        if (request.userId == null) return reply.code(401).send({ message: "Not signed in" });
        // Issue 9.9: sockets are opened at a human pace, and a user holds at most SOCKETS_PER_USER_MAX
        // of them across all instances.
        const verdict = await opens.consume(request.userId);
        if (!verdict.allowed) {
          const seconds = retryAfterSeconds(verdict);
          return reply
            .code(429)
            .header("retry-after", String(seconds))
            .send({ message: SOCKET_TEXTS.tooManyFrames(seconds) });
        }
        const slot = await hub.reserveSocket(request.userId);
        if (!slot) return reply.code(429).send({ message: SOCKET_TEXTS.tooManySockets });
        reservedSlots.set(request, slot);
      },
    },
    (socket, request) => {
      // preValidation already refused anonymous upgrades; this guards a hook-order change.
      if (request.userId == null) return socket.close(SOCKET_UNAUTHORIZED_CODE, "Not signed in");
      const slot = reservedSlots.get(request);
      if (!slot) return socket.close(SOCKET_UNAUTHORIZED_CODE, "Not signed in");
      hub.accept(socket, request.userId, request.sessionHash ?? "", slot);
    },
  );
};
