import type { FastifyReply, FastifyRequest } from "fastify";
import { ACCESS_GRANT_TTL_MS } from "#contract/limits";
import { hashSessionToken } from "#server/http/session";

/**
 * The early-access grant a verified code leaves in the browser (HttpOnly, SameSite=Lax,
 * 30 minutes). Sent to the API only: POST /api/register and a Google sign-up spend it.
 */
const GRANT_COOKIE = "link_access_grant";
const GRANT_COOKIE_PATH = "/api";

export function setGrantCookie(reply: FastifyReply, token: string, secure: boolean | "auto") {
  reply.setCookie(GRANT_COOKIE, token, {
    path: GRANT_COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: Math.floor(ACCESS_GRANT_TTL_MS / 1000),
  });
}

export function clearGrantCookie(reply: FastifyReply) {
  reply.clearCookie(GRANT_COOKIE, { path: GRANT_COOKIE_PATH });
}

/** The stored form (SHA-256) of the grant this request carries, or null. */
export function grantHashOf(request: FastifyRequest): string | null {
  const token = request.cookies[GRANT_COOKIE];
  return token ? hashSessionToken(token) : null;
}
