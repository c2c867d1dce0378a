import { createHash, randomBytes } from "node:crypto";
// The cookie plugin's declaration merging gives FastifyReply setCookie and clearCookie.
import type {} from "@fastify/cookie";
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from "fastify";
import { API_TEXTS } from "#contract/api-texts";
import { messageKey } from "#contract/i18n/texts";
import { HttpError } from "./http-error";

const SESSION_COOKIE = "link_session";

export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The signed-in user's id, or a 401: the session, never the request, decides who acts. */
export function requireUserId(request: FastifyRequest): number {
  if (request.userId == null) throw new HttpError(401, messageKey(API_TEXTS, "notSignedIn"));
  return request.userId;
}

/** 403 unless the id named in a path, query or body is the signed-in user's own. */
export function requireSelf(request: FastifyRequest, claimedUserId: number): number {
  const userId = requireUserId(request);
  if (userId !== claimedUserId) throw new HttpError(403, messageKey(API_TEXTS, "actAsYourself"));
  return userId;
}

export function setSessionCookie(reply: FastifyReply, token: string, maxAgeMs: number, secure: boolean | "auto") {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/**
 * Whether a matched route is reachable without a session. Decided from the route that matched
 * (its declared config and its registered path pattern), never from the request target: an
 * absolute-form target (`GET http://host/api/... HTTP/1.1`) reaches the same route as `/api/...`.
 * Routes outside /api (health checks, static files, /ws which checks its cookie on upgrade) and the
 * OpenAPI viewer are open; every /api route is closed unless it declares `config: { public: true }`.
 */
function isPublicRoute(route: { url?: string; config: FastifyContextConfig }): boolean {
  if (route.config.public) return true;
  const pattern = route.url ?? "";
  if (pattern === "/api/docs" || pattern.startsWith("/api/docs/")) return true;
  return !pattern.startsWith("/api/");
}

/**
 * Server-rendered pages whose content depends on who asks (a block hides a host and their events) or is written
 * in the signed-in reader's account language (an invite's page).
 */
const PAGES_PER_VIEWER = new Set([
  "/events/:id",
  "/u/:username",
  "/invite/:code",
  "/embed/u/:username",
  "/sitemap.xml",
]);

/**
 * Whether the matched route is one whose requests carry a session worth looking up: the API, the
 * socket and the pages per viewer, never static files or health checks. Like the gate, it reads the matched route, so an
 * absolute-form request target signs in exactly as its origin-form twin does.
 */
export function routeUsesSession(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url ?? "";
  return pattern.startsWith("/api/") || pattern === "/ws" || PAGES_PER_VIEWER.has(pattern) || isAppPage(request);
}

/** A page of the app (the shell's fallback for any other address): its first screen is drawn for whoever asks. */
function isAppPage(request: FastifyRequest) {
  return request.is404 && request.method === "GET" && !/^\/(api|assets)\//.test(request.url);
}

/**
 * Every /api route needs a session unless it declares `config: { public: true }`, checked before
 * validation so a signed-out caller learns nothing about a route's input.
 */
export async function requireSessionUnlessPublic(request: FastifyRequest) {
  if (request.is404 || isPublicRoute(request.routeOptions)) return;
  requireUserId(request);
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Reachable without a session (auth, invites, waitlist, uploads). */
    public?: boolean;
  }
  interface FastifyRequest {
    userId: number | null;
    sessionHash: string | null;
  }
}
