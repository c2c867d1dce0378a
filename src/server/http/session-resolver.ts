import type { FastifyRequest } from "fastify";
import type { AuthService } from "../modules/auth";
import type { Bus } from "../realtime/bus";
import { hashSessionToken, routeUsesSession } from "./session";
import { sessionCacheFor } from "./session-cache";

/**
 * Resolves the session cookie into request.userId for the API and the socket; static files and
 * health checks carry the cookie too but never need a database lookup.
 */
export function sessionResolver({ auth, bus }: { auth: AuthService; bus: Bus }) {
  // Resolved sessions are kept briefly per instance and dropped on revocation (src/server/http/session-cache.ts).
  const cache = sessionCacheFor(bus);
  return async (request: FastifyRequest) => {
    if (!routeUsesSession(request)) return;
    const token = request.cookies.link_session;
    if (!token) return;
    const idHash = hashSessionToken(token);
    const cachedUserId = cache.get(idHash);
    if (cachedUserId != null) {
      request.userId = cachedUserId;
      request.sessionHash = idHash;
      return;
    }
    const lookedUpAt = Date.now();
    const session = await auth.resolveSession(token);
    if (session) {
      cache.set(session.idHash, session.userId, lookedUpAt);
      request.userId = session.userId;
      request.sessionHash = session.idHash;
    }
  };
}
