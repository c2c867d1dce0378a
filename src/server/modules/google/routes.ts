import { randomBytes } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as oidc from "openid-client";
import { z } from "zod";
import { SESSION_ABSOLUTE_MS } from "../../../contract/limits";
import { googleStatusSchema } from "../../../contract/waitlist";
import type { AppDeps } from "../../app";
import { setSessionCookie } from "../../http/session";
import { authRepository } from "../auth/repository";
import { authService, hashPassword } from "../auth/service";

const GOOGLE_ISSUER = new URL("https://accounts.google.com");
const FLOW_COOKIE = "link_google_flow";
const FLOW_MAX_AGE_S = 10 * 60;

/** Google sign-in through OpenID Connect (authorization code + PKCE); available only when both secrets are configured. */
export const googleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = deps.config;
  const enabled = Boolean(clientId && clientSecret);
  const repo = authRepository(deps.database.db);
  const service = authService(repo);
  const secure = deps.config.NODE_ENV === "production" ? "auto" : false;

  // Discovery needs the network: done on first use, retried after a failure.
  let configuration: Promise<oidc.Configuration> | undefined;
  const getConfiguration = () => {
    configuration ??= oidc.discovery(GOOGLE_ISSUER, clientId as string, clientSecret as string).catch((error) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  };
  const origin = (request: import("fastify").FastifyRequest) =>
    deps.config.PUBLIC_ORIGIN ?? `${request.protocol}://${request.host}`;
  const redirectUri = (request: import("fastify").FastifyRequest) => `${origin(request)}/api/auth/google/callback`;

  app.get("/api/auth/google/status", { config: { public: true }, schema: { tags: ["auth"], response: { 200: googleStatusSchema } } }, () => ({
    enabled,
  }));

  app.get("/api/auth/google", { config: { public: true }, schema: { tags: ["auth"] } }, async (request, reply) => {
    if (!enabled) throw app.httpErrors.notFound("Google sign-in is not configured");
    const config = await getConfiguration();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    reply.setCookie(FLOW_COOKIE, JSON.stringify({ verifier, state }), {
      path: "/api/auth/google",
      httpOnly: true,
      sameSite: "lax",
      secure,
      maxAge: FLOW_MAX_AGE_S,
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(request),
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
    });
    return reply.redirect(url.href);
  });

  app.get(
    "/api/auth/google/callback",
    { config: { public: true }, schema: { tags: ["auth"], querystring: z.record(z.string(), z.string()) } },
    async (request, reply) => {
      if (!enabled) throw app.httpErrors.notFound("Google sign-in is not configured");
      const flow = parseFlow(request.cookies[FLOW_COOKIE]);
      reply.clearCookie(FLOW_COOKIE, { path: "/api/auth/google" });
      if (!flow) return reply.redirect("/auth?error=google");
      try {
        const config = await getConfiguration();
        const currentUrl = new URL(request.url, redirectUri(request));
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
        });
        const claims = tokens.claims();
        const email = typeof claims?.email === "string" ? claims.email.toLowerCase() : null;
        // An unverified Google address could belong to someone else's Link account.
        if (!email || claims?.email_verified !== true) return reply.redirect("/auth?error=google");
        const user =
          (await repo.findUserByLogin(email)) ??
          (await createGoogleUser(email, typeof claims?.name === "string" ? claims.name : email.split("@")[0]));
        setSessionCookie(reply, await service.startSession(user.id), SESSION_ABSOLUTE_MS, secure);
        return reply.redirect("/");
      } catch (error) {
        request.log.warn({ err: error }, "google sign-in failed");
        return reply.redirect("/auth?error=google");
      }
    },
  );

  async function createGoogleUser(email: string, fullName: string) {
    const base = email.split("@")[0].replace(/[^A-Za-z0-9_.-]/g, "").slice(0, 30) || "user";
    for (let attempt = 0; attempt < 5; attempt++) {
      const username = attempt === 0 && base.length >= 3 ? base : `${base}_${randomBytes(3).toString("hex")}`;
      if (await repo.findTakenField(username, email)) continue;
      // The account has no usable password: a random secret nobody knows.
      return repo.insertUser({ fullName, username, email, passwordHash: await hashPassword(randomBytes(32).toString("hex")) });
    }
    throw new Error("could not pick a free username");
  }
};

function parseFlow(raw: string | undefined): { verifier: string; state: string } | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { verifier?: unknown; state?: unknown };
    return typeof value.verifier === "string" && typeof value.state === "string"
      ? { verifier: value.verifier, state: value.state }
      : null;
  } catch {
    return null;
  }
}
