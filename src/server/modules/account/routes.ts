import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ACCOUNT_LINK_BUDGET,
  ACCOUNT_PASSWORD_CHECK_BUDGET,
  ACCOUNT_TEXTS,
  accountStatusSchema,
  changePasswordSchema,
  deleteAccountSchema,
  EMAIL_VERIFICATION_BUDGET,
  EXPORT_FILE_NAME,
  emailVerificationConfirmSchema,
  PASSWORD_RESET_BUDGETS,
  passwordResetRequestSchema,
  passwordResetSchema,
} from "#contract/account";
import { messageSchema } from "#contract/auth";
import { messageKey } from "#contract/i18n/texts";
import type { RouteDeps } from "#server/compose";
import { errorAnswer } from "#server/http/error-texts";
import { type Limiter, retryAfterSeconds } from "#server/http/rate-limits";
import { clearSessionCookie, requireUserId } from "#server/http/session";
import { requestLanguage, serverText } from "#server/i18n";

/** Account control (docs/api.md "Account"). */
export const accountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.account;
  const resetPerAddress = app.rateLimits.limiter("password-reset-address", PASSWORD_RESET_BUDGETS.perAddress);
  const resetPerEmail = app.rateLimits.limiter("password-reset-email", PASSWORD_RESET_BUDGETS.perEmail);
  const verificationPerUser = app.rateLimits.limiter("email-verification", EMAIL_VERIFICATION_BUDGET);
  const passwordChecks = app.rateLimits.limiter("account-password-check", ACCOUNT_PASSWORD_CHECK_BUDGET);
  const linkSpends = app.rateLimits.limiter("account-link", ACCOUNT_LINK_BUDGET);

  /** Spends one point of each budget; the first one spent answers 429 with Retry-After. */
  async function spend(reply: FastifyReply, spends: Array<[Limiter, string | number]>) {
    for (const [limiter, key] of spends) {
      const verdict = await limiter.consume(key);
      if (verdict.allowed) continue;
      const seconds = retryAfterSeconds(verdict);
      reply
        .code(429)
        .header("retry-after", String(seconds))
        .send(
          errorAnswer(requestLanguage(reply.request.headers), 429, messageKey(ACCOUNT_TEXTS, "tooManyRequests"), {
            seconds,
          }),
        );
      return false;
    }
    return true;
  }

  /** The signed-in user, after one point of the password-check budget and their password. */
  async function requirePassword(userId: number, reply: FastifyReply, password: string) {
    if (!(await spend(reply, [[passwordChecks, userId]]))) return null;
    return service.checkPassword(userId, password);
  }

  app.get("/api/account", { schema: { tags: ["account"], response: { 200: accountStatusSchema } } }, async (request) =>
    service.status(requireUserId(request)),
  );

  app.post(
    "/api/account/password",
    {
      schema: {
        tags: ["account"],
        description:
          "Needs the current password. Every other session of the account ends and its sockets close; this one stays.",
        body: changePasswordSchema,
        response: { 200: messageSchema, 403: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      const user = await requirePassword(requireUserId(request), reply, request.body.currentPassword);
      if (!user) return reply;
      await service.changePassword(user.id, request.body.newPassword, request.sessionHash ?? null);
      return { message: serverText(requestLanguage(request.headers), ACCOUNT_TEXTS, "passwordChanged") };
    },
  );

  app.post(
    "/api/account/password-reset/request",
    {
      config: { public: true },
      schema: {
        tags: ["account"],
        description:
          "Always 202 with the same message, whether or not an account uses the address, past the e-mail's hourly budget (nothing more is sent) and when e-mails cannot carry links. Limited per client address (429). A new link never ends the ones mailed before it; setting a password with any of them ends them all.",
        body: passwordResetRequestSchema,
        response: { 202: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      if (!(await spend(reply, [[resetPerAddress, request.ip]]))) return reply;
      // Past the e-mail's budget the answer is the same 202 and nothing is sent: a 429 here would let anyone
      // block a person's reset or tell which e-mails exist.
      if ((await resetPerEmail.consume(email)).allowed) await service.requestPasswordReset(email);
      return reply
        .code(202)
        .send({ message: serverText(requestLanguage(request.headers), ACCOUNT_TEXTS, "resetRequested") });
    },
  );

  app.post(
    "/api/account/password-reset",
    {
      config: { public: true },
      schema: {
        tags: ["account"],
        description:
          "Spends a reset link (once, within the hour), sets the new password and ends every session of the account.",
        body: passwordResetSchema,
        response: { 200: messageSchema, 400: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      if (!(await spend(reply, [[linkSpends, request.ip]]))) return reply;
      await service.resetPassword(request.body.token, request.body.newPassword);
      clearSessionCookie(reply);
      return { message: serverText(requestLanguage(request.headers), ACCOUNT_TEXTS, "resetDone") };
    },
  );

  app.post(
    "/api/account/email-verification",
    {
      schema: {
        tags: ["account"],
        description: "E-mails a verification link (24 h, single use) to the account's address.",
        response: { 202: messageSchema, 409: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      const user = await service.unverifiedUser(requireUserId(request));
      if (!(await spend(reply, [[verificationPerUser, user.id]]))) return reply;
      await service.sendVerification(user);
      return reply
        .code(202)
        .send({ message: serverText(requestLanguage(request.headers), ACCOUNT_TEXTS, "verificationSent") });
    },
  );

  app.post(
    "/api/account/email-verification/confirm",
    {
      config: { public: true },
      schema: {
        tags: ["account"],
        description:
          "Spends a verification link; the address it was sent to is marked verified if the account still uses it.",
        body: emailVerificationConfirmSchema,
        response: { 200: messageSchema, 400: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      if (!(await spend(reply, [[linkSpends, request.ip]]))) return reply;
      await service.confirmEmail(request.body.token);
      return { message: serverText(requestLanguage(request.headers), ACCOUNT_TEXTS, "verified") };
    },
  );

  app.get(
    "/api/account/export",
    {
      schema: {
        tags: ["account"],
        description: `Everything stored about the signed-in user as a JSON download (${EXPORT_FILE_NAME}).`,
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (request, reply) => {
      const data = await service.exportOf(requireUserId(request));
      reply
        .header("content-disposition", `attachment; filename="${EXPORT_FILE_NAME}"`)
        .header("cache-control", "no-store");
      return data;
    },
  );

  app.delete(
    "/api/account",
    {
      schema: {
        tags: ["account"],
        description:
          "Needs the password. Hosted events are canceled (participants notified); every seat the person held is given back and the waiting move up; the account and every row naming it are deleted, chat messages included (reports the person filed stay, from a deleted account); every session ends.",
        body: deleteAccountSchema,
        response: { 200: messageSchema, 403: messageSchema, 409: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      const user = await requirePassword(requireUserId(request), reply, request.body.password);
      if (!user) return reply;
      await service.deleteAccount(user.id);
      clearSessionCookie(reply);
      return { message: serverText(requestLanguage(request.headers), ACCOUNT_TEXTS, "deleted") };
    },
  );
};
