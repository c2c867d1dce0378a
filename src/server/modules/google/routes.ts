import { randomBytes } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as oidc from "openid-client";
import { z } from "zod";
import { GOOGLE_SIGN_IN_NO_ORIGIN_MESSAGE, type GoogleSignInError } from "../../../contract/auth";
import { NAME_MAX, SESSION_ABSOLUTE_MS } from "../../../contract/limits";
import { googleStatusSchema } from "../../../contract/waitlist";
import type { RouteDeps } from "../../compose";
import { publicOrigin } from "../../config";
import { HttpError } from "../../http/http-error";
import { requireUserId, setSessionCookie } from "../../http/session";
import { clearGrantCookie, grantHashOf } from "../auth/grant-cookie";
import { GrantMissingError } from "../auth/repository";
import { hashPassword } from "../auth/service";

const GOOGLE_ISSUER = new URL("https://accounts.google.com");
const FLOW_COOKIE = "link_google_flow";
const FLOW_MAX_AGE_S = 10 * 60;

/** Google sign-in through OpenID Connect (authorization code + PKCE); available only when both secrets are configured. */
export const googleRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = deps.config;
  const enabled = Boolean(clientId && clientSecret);
  const { auth: service } = deps.services;
  const repo = deps.services.repositories.auth;
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
  // The redirect URI comes from PUBLIC_ORIGIN only (issue 9.10): a Host or X-Forwarded-Host header is the
  // sender's to choose. Outside production the listening address stands in; in production without it, no flow.
  const origin = publicOrigin(deps.config);
  const redirectUri = origin ? new URL("/api/auth/google/callback", origin).href : null;
  if (enabled && !redirectUri) app.log.warn(GOOGLE_SIGN_IN_NO_ORIGIN_MESSAGE);

  app.get(
    "/api/auth/google/status",
    { config: { public: true }, schema: { tags: ["auth"], response: { 200: googleStatusSchema } } },
    () => ({
      // Without a redirect URI the button would only lead to an error: the client hides it.
      enabled: enabled && redirectUri !== null,
    }),
  );

  app.get(
    "/api/auth/google",
    {
      config: { public: true },
      schema: {
        tags: ["auth"],
        description:
          "Starts Google sign-in. With `link=1` the signed-in user confirms linking their Google account to this one (issue 9.13).",
        querystring: z.object({ link: z.literal("1").optional() }),
      },
    },
    async (request, reply) => {
      if (!enabled) throw new HttpError(404, "Google sign-in is not configured");
      if (!redirectUri) return reply.code(503).send({ message: GOOGLE_SIGN_IN_NO_ORIGIN_MESSAGE });
      // Linking is the owner's confirmation: only a signed-in user starts it, for their own account.
      const linkUserId = request.query.link ? requireUserId(request) : undefined;
      const config = await getConfiguration();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      reply.setCookie(FLOW_COOKIE, JSON.stringify({ verifier, state, linkUserId }), {
        path: "/api/auth/google",
        httpOnly: true,
        sameSite: "lax",
        secure,
        maxAge: FLOW_MAX_AGE_S,
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
      });
      return reply.redirect(url.href);
    },
  );

  app.get(
    "/api/auth/google/callback",
    { config: { public: true }, schema: { tags: ["auth"], querystring: z.record(z.string(), z.string()) } },
    async (request, reply) => {
      if (!enabled) throw new HttpError(404, "Google sign-in is not configured");
      const flow = parseFlow(request.cookies[FLOW_COOKIE]);
      reply.clearCookie(FLOW_COOKIE, { path: "/api/auth/google" });
      const fail = (error: GoogleSignInError) => reply.redirect(`/auth?error=${error}`);
      if (!flow || !redirectUri) return fail("google");
      try {
        const config = await getConfiguration();
        const currentUrl = new URL(request.url, redirectUri);
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
        });
        const claims = tokens.claims();
        const subject = typeof claims?.sub === "string" && claims.sub ? claims.sub : null;
        const email = typeof claims?.email === "string" ? claims.email.toLowerCase() : null;
        // An unverified Google address could belong to someone else's Link account.
        if (!subject || !email || claims?.email_verified !== true) return fail("google");
        const signIn = async (userId: number, to = "/") => {
          setSessionCookie(reply, await service.startSession(userId), SESSION_ABSOLUTE_MS, secure);
          return reply.redirect(to);
        };

        // The owner, signed in, asked to link this Google account to theirs.
        if (flow.linkUserId !== undefined) {
          if (request.userId !== flow.linkUserId) return fail("google");
          const linked = await repo.findUserByGoogleSubject(subject);
          if (linked && linked.id !== request.userId) return fail("google-taken");
          if (!linked && !(await repo.linkGoogleSubject(request.userId, subject))) return fail("google-taken");
          return reply.redirect("/?google=linked");
        }

        const linked = await repo.findUserByGoogleSubject(subject);
        // Issue 14.5: a suspended account is refused here as at the password sign-in.
        if (linked) return linked.suspendedAt ? fail("google-suspended") : signIn(linked.id);
        const existing = await repo.findUserByEmail(email);
        if (existing) {
          // Issue 9.13: the same e-mail proves nothing while Link never verified that the account's
          // owner holds it (anyone can register with someone else's address, then wait for them).
          if (!existing.emailVerifiedAt || existing.googleSubject) return fail("google-link");
          if (existing.suspendedAt) return fail("google-suspended");
          if (!(await repo.linkGoogleSubject(existing.id, subject))) return fail("google-taken");
          return signIn(existing.id);
        }
        const name =
          typeof claims?.name === "string" && claims.name.trim()
            ? claims.name.trim().slice(0, NAME_MAX)
            : email.split("@")[0];
        // A Google sign-up is a registration: it spends an access grant like POST /api/register (issue 9.14).
        const grantHash = grantHashOf(request);
        if (!grantHash) return fail("google-grant");
        const created = await createGoogleUser(email, name, subject, grantHash);
        if (!created) return fail("google-grant");
        clearGrantCookie(reply);
        return signIn(created.id);
      } catch (error) {
        request.log.warn({ err: error }, "google sign-in failed");
        return fail("google");
      }
    },
  );

  /** A new account from a Google sign-up: its e-mail is verified by Google, its Google account linked. */
  async function createGoogleUser(email: string, fullName: string, googleSubject: string, grantHash: string) {
    const base =
      email
        .split("@")[0]
        .replace(/[^A-Za-z0-9_.-]/g, "")
        .slice(0, 30) || "user";
    for (let attempt = 0; attempt < 5; attempt++) {
      const username = attempt === 0 && base.length >= 3 ? base : `${base}_${randomBytes(3).toString("hex")}`;
      if (await repo.findTakenField(username, email)) continue;
      // The account has no usable password: a random secret nobody knows.
      const user = {
        fullName,
        username,
        email,
        passwordHash: await hashPassword(randomBytes(32).toString("hex")),
        emailVerifiedAt: new Date(),
        googleSubject,
      };
      try {
        return (await repo.insertUserWithGrant(user, { kind: "code", idHash: grantHash }, new Date())).user;
      } catch (error) {
        if (error instanceof GrantMissingError) return null;
        throw error;
      }
    }
    throw new Error("could not pick a free username");
  }
};

function parseFlow(raw: string | undefined): { verifier: string; state: string; linkUserId?: number } | null {
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
