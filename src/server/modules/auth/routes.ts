import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { API_TEXTS } from "#contract/api-texts";
import {
  accessCodeResultSchema,
  accessCodeSchema,
  accessGrantStatusSchema,
  loginBodySchema,
  messageSchema,
  registerBodySchema,
  registerResultSchema,
} from "#contract/auth";
import { messageKey } from "#contract/i18n/texts";
import { SESSION_ABSOLUTE_MS } from "#contract/limits";
import { SAFETY_TEXTS } from "#contract/safety";
import { currentUserSchema } from "#contract/users";
import type { RouteDeps } from "#server/compose";
import { HttpError } from "#server/http/http-error";
import { clearSessionCookie, requireUserId, setSessionCookie } from "#server/http/session";
import { requestLanguage, serverText } from "#server/i18n";
import { toCurrentUser } from "../users";
import { authBudgets } from "./budgets";
import { clearGrantCookie, grantHashOf, setGrantCookie } from "./grant-cookie";
import { grantOf } from "./service";

export const authRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { auth: service } = deps.services;
  // "auto": Secure whenever the request came over HTTPS, so a plain-http LAN start still signs in.
  const secure = deps.config.NODE_ENV === "production" ? "auto" : false;
  // Separate budgets per action; sign-in per account+address with a per-account back-off.
  const budgets = authBudgets(app, deps.config.AUTH_RATE_LIMIT, service.accountIdOf);
  const tooManyResponse = { 429: messageSchema };

  async function signIn(reply: FastifyReply, userId: number) {
    setSessionCookie(reply, await service.startSession(userId), SESSION_ABSOLUTE_MS, secure);
  }
  async function endSession(idHash: string | null) {
    if (idHash) await service.endSession(idHash);
  }

  app.post(
    "/api/register",
    {
      config: { public: true },
      onRequest: budgets.register,
      schema: {
        tags: ["auth"],
        description:
          "Needs an access grant: the grant cookie of POST /api/access-codes/verify, spent here, or a usable group `inviteCode`, whose group the account joins. An event's id lets nobody in.",
        body: registerBodySchema.strict(),
        response: { 201: registerResultSchema, 403: messageSchema, 409: messageSchema, ...tooManyResponse },
      },
    },
    async (request, reply) => {
      const { inviteCode, ...body } = request.body;
      const grant = grantOf({ inviteCode, grantHash: grantHashOf(request) });
      const { user, joinedGroup } = await service.register(body, grant);
      if (grant?.kind === "code") clearGrantCookie(reply);
      // Registering while signed in ends the previous session: one browser, one account.
      await endSession(request.sessionHash);
      await signIn(reply, user.id);
      return reply.code(201).send({ ...toCurrentUser(user), ...(joinedGroup ? { joinedGroup } : {}) });
    },
  );

  app.post(
    "/api/login",
    {
      config: { public: true },
      preHandler: budgets.login,
      schema: {
        tags: ["auth"],
        body: loginBodySchema.strict(),
        response: { 200: currentUserSchema, 401: messageSchema, 403: messageSchema, ...tooManyResponse },
      },
    },
    async (request, reply) => {
      const user = await service.verifyLogin(request.body.username, request.body.password);
      if (!user) {
        await budgets.afterFailedLogin(request);
        throw new HttpError(401, messageKey(API_TEXTS, "invalidLogin"));
      }
      // A suspended account is told so (only after the right password, so nothing leaks to guessers).
      if (user.suspendedAt) throw new HttpError(403, messageKey(SAFETY_TEXTS, "suspended"));
      // A fresh id at every sign-in: a session fixed before login is worthless after it.
      await endSession(request.sessionHash);
      await signIn(reply, user.id);
      return toCurrentUser(user);
    },
  );

  app.post(
    "/api/logout",
    { config: { public: true }, schema: { tags: ["auth"], response: { 200: messageSchema } } },
    async (request, reply) => {
      await endSession(request.sessionHash);
      clearSessionCookie(reply);
      return { message: serverText(requestLanguage(request.headers), API_TEXTS, "loggedOut") };
    },
  );

  app.get("/api/user", { schema: { tags: ["auth"], response: { 200: currentUserSchema } } }, async (request) => {
    const user = await deps.services.users.find(requireUserId(request));
    if (!user) throw new HttpError(401, messageKey(API_TEXTS, "notSignedIn"));
    return toCurrentUser(user);
  });

  app.post(
    "/api/access-codes/verify",
    {
      config: { public: true },
      onRequest: budgets.gate,
      schema: {
        tags: ["auth"],
        description: "A valid code sets the HttpOnly `link_access_grant` cookie: one registration within 30 minutes.",
        body: accessCodeSchema,
        response: { 200: accessCodeResultSchema, ...tooManyResponse },
      },
    },
    async (request, reply) => {
      const valid = deps.config.ACCESS_CODES.includes(request.body.code);
      if (valid) {
        setGrantCookie(reply, await service.issueGrant(), secure);
      }
      return { valid };
    },
  );

  app.get(
    "/api/access-grant",
    {
      config: { public: true },
      schema: {
        tags: ["auth"],
        description:
          "Whether the `link_access_grant` cookie (HttpOnly) is still unspent and unexpired: /auth skips the gate when it is.",
        response: { 200: accessGrantStatusSchema },
      },
    },
    async (request, reply) => {
      const grantHash = grantHashOf(request);
      const granted = grantHash !== null && (await service.hasGrant(grantHash));
      // Per browser and changing as the grant is spent or lapses: never from a cache.
      return reply.header("cache-control", "no-store").send({ granted });
    },
  );
};
