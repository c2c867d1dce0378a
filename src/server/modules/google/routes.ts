import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { API_TEXTS } from "#contract/api-texts";
import { type GoogleSignInError, googleCallbackQuerySchema } from "#contract/auth";
import { googleStatusSchema } from "#contract/early-access";
import { messageKey } from "#contract/i18n/texts";
import { SESSION_ABSOLUTE_MS } from "#contract/limits";
import type { RouteDeps } from "#server/compose";
import { HttpError } from "#server/http/http-error";
import { requireUserId, setSessionCookie } from "#server/http/session";
import { clearGrantCookie, grantHashOf } from "../auth";
import type { GoogleFlow } from "./service";

const FLOW_COOKIE = "link_google_flow";
const FLOW_MAX_AGE_S = 10 * 60;

/** Google sign-in (google/service.ts): the flow cookie, the session cookie and the redirects; available only when both secrets are configured. */
export const googleRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { auth, google } = deps.services;
  const secure = deps.config.NODE_ENV === "production" ? "auto" : false;

  app.get(
    "/api/auth/google/status",
    { config: { public: true }, schema: { tags: ["auth"], response: { 200: googleStatusSchema } } },
    () => ({ enabled: google.enabled }),
  );

  app.get(
    "/api/auth/google",
    {
      config: { public: true },
      schema: {
        tags: ["auth"],
        description:
          "Starts Google sign-in. With `link=1` the signed-in user confirms linking their Google account to this one.",
        querystring: z.object({ link: z.literal("1").optional() }),
      },
    },
    async (request, reply) => {
      if (!google.enabled) throw new HttpError(404, messageKey(API_TEXTS, "googleNotConfigured"));
      // Linking is the owner's confirmation: only a signed-in user starts it, for their own account.
      const linkUserId = request.query.link ? requireUserId(request) : undefined;
      const { flow, url } = await google.start(linkUserId);
      reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
        path: "/api/auth/google",
        httpOnly: true,
        sameSite: "lax",
        secure,
        maxAge: FLOW_MAX_AGE_S,
      });
      return reply.redirect(url);
    },
  );

  app.get(
    "/api/auth/google/callback",
    { config: { public: true }, schema: { tags: ["auth"], querystring: googleCallbackQuerySchema } },
    async (request, reply) => {
      if (!google.enabled) throw new HttpError(404, messageKey(API_TEXTS, "googleNotConfigured"));
      const flow = parseFlow(request.cookies[FLOW_COOKIE]);
      reply.clearCookie(FLOW_COOKIE, { path: "/api/auth/google" });
      const fail = (error: GoogleSignInError) => reply.redirect(`/auth?error=${error}`);
      if (!flow) return fail("google");
      try {
        const outcome = await google.complete({
          flow,
          callbackPath: request.url,
          signedInUserId: request.userId,
          grantHash: grantHashOf(request),
        });
        if ("fail" in outcome) return fail(outcome.fail);
        if ("redirect" in outcome) return reply.redirect(outcome.redirect);
        if (outcome.grantSpent) clearGrantCookie(reply);
        setSessionCookie(reply, await auth.startSession(outcome.signIn), SESSION_ABSOLUTE_MS, secure);
        return reply.redirect("/");
      } catch (error) {
        request.log.warn({ err: error }, "google sign-in failed");
        return fail("google");
      }
    },
  );
};

function parseFlow(raw: string | undefined): GoogleFlow | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { verifier?: unknown; state?: unknown; linkUserId?: unknown };
    if (typeof value.verifier !== "string" || typeof value.state !== "string") return null;
    const linkUserId = Number.isSafeInteger(value.linkUserId) ? (value.linkUserId as number) : undefined;
    return { verifier: value.verifier, state: value.state, linkUserId };
  } catch {
    return null;
  }
}
