import { verify } from "@node-rs/argon2";
import type { FastifyReply, FastifyRequest } from "fastify";
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
  EMAIL_VERIFICATION_TTL_MS,
  EXPORT_FILE_NAME,
  emailVerificationConfirmSchema,
  PASSWORD_RESET_BUDGETS,
  PASSWORD_RESET_TTL_MS,
  passwordResetRequestSchema,
  passwordResetSchema,
} from "../../../contract/account";
import { messageSchema } from "../../../contract/auth";
import { EVENT_NOTICES } from "../../../contract/event-notices";
import { PRODUCT_NAME } from "../../../contract/product";
import type { RouteDeps } from "../../compose";
import { publicOrigin } from "../../config";
import { HttpError } from "../../http/http-error";
import { type Limiter, retryAfterSeconds } from "../../http/rate-limits";
import { clearSessionCookie, hashSessionToken, newSessionToken, requireUserId } from "../../http/session";
import { sessionCacheFor } from "../../http/session-cache";
import { publishSessionsRevoked } from "../../realtime/bus";
import { hashPassword } from "../auth/service";
import { reportEmailKey } from "../safety";

/** Account control (docs/api.md "Account"). */
export const accountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { account: repo, users } = deps.services.repositories;
  const origin = publicOrigin(deps.config);
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
        .send({ message: ACCOUNT_TEXTS.tooMany(seconds) });
      return false;
    }
    return true;
  }

  /** Ends sessions in the database, in this instance's cache and (through the bus) every socket they opened. */
  async function revoke(idHashes: string[]) {
    sessionCacheFor(deps.bus).evict(idHashes);
    await publishSessionsRevoked(deps.bus, idHashes);
  }

  async function requirePassword(request: FastifyRequest, reply: FastifyReply, password: string) {
    const userId = requireUserId(request);
    if (!(await spend(reply, [[passwordChecks, userId]]))) return null;
    const user = await users.findById(userId);
    if (!user) throw new HttpError(401, "Not signed in");
    if (!(await verify(user.passwordHash, password).catch(() => false)))
      throw new HttpError(403, ACCOUNT_TEXTS.wrongPassword);
    return user;
  }

  /** A fresh link token: the random value goes into the e-mail, only its SHA-256 into the database. */
  function newLinkToken() {
    const token = newSessionToken();
    return { token, idHash: hashSessionToken(token) };
  }

  const link = (path: string, token: string) => {
    const url = new URL(path, origin ?? "http://localhost");
    url.searchParams.set("token", token);
    return url.toString();
  };

  // Expired links are pruned now and then; a spent one is deleted when used.
  const prune = setInterval(() => void repo.pruneExpiredTokens(new Date()).catch(() => {}), 60 * 60_000);
  prune.unref();
  app.addHook("onClose", async () => clearInterval(prune));

  app.get(
    "/api/account",
    { schema: { tags: ["account"], response: { 200: accountStatusSchema } } },
    async (request) => {
      const user = await users.findById(requireUserId(request));
      if (!user) throw new HttpError(401, "Not signed in");
      return {
        email: user.email,
        emailVerified: user.emailVerifiedAt != null,
        googleLinked: user.googleSubject != null,
      };
    },
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
      const user = await requirePassword(request, reply, request.body.currentPassword);
      if (!user) return reply;
      await repo.setPasswordHash(user.id, await hashPassword(request.body.newPassword));
      await repo.deleteTokens(user.id, "password_reset");
      await revoke(await repo.deleteSessions(user.id, request.sessionHash ?? null));
      return { message: ACCOUNT_TEXTS.passwordChanged };
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
      const accepted = () => reply.code(202).send({ message: ACCOUNT_TEXTS.resetRequested });
      // Past the address's budget, and without a public origin to link to, the answer is the same 202 and
      // nothing is sent: a 429 or 503 here would let anyone block a person's reset or tell which e-mails exist.
      if (!(await resetPerEmail.consume(email)).allowed || !origin) return accepted();
      const user = await repo.findUserByEmail(email);
      if (user && !user.suspendedAt) {
        const { token, idHash } = newLinkToken();
        const now = new Date();
        await repo.addToken(
          {
            idHash,
            userId: user.id,
            purpose: "password_reset",
            expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
          },
          now,
        );
        await deps.services.outbox.enqueue({
          to: user.email,
          subject: `Reset your ${PRODUCT_NAME} password`,
          text: [
            "Hi,",
            "",
            `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.`,
            `Choose a new password here within the next hour: ${link("/reset-password", token)}`,
            "",
            "If you did not ask for this, ignore this e-mail: your password stays as it is.",
          ].join("\n"),
        });
      }
      return accepted();
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
      const row = await repo.consumeToken(hashSessionToken(request.body.token), "password_reset", new Date());
      if (!row) throw new HttpError(400, ACCOUNT_TEXTS.tokenInvalid);
      await repo.setPasswordHash(row.userId, await hashPassword(request.body.newPassword));
      // The other links mailed in the same hour are spent with this one.
      await repo.deleteTokens(row.userId, "password_reset");
      await revoke(await repo.deleteSessions(row.userId, null));
      clearSessionCookie(reply);
      return { message: ACCOUNT_TEXTS.resetDone };
    },
  );

  app.post(
    "/api/account/email-verification",
    {
      schema: {
        tags: ["account"],
        description: "E-mails a verification link (24 h, single use) to the account's address.",
        response: { 202: messageSchema, 409: messageSchema, 429: messageSchema, 503: messageSchema },
      },
    },
    async (request, reply) => {
      const user = await users.findById(requireUserId(request));
      if (!user) throw new HttpError(401, "Not signed in");
      if (user.emailVerifiedAt) return reply.code(409).send({ message: ACCOUNT_TEXTS.alreadyVerified });
      if (!(await spend(reply, [[verificationPerUser, user.id]]))) return reply;
      if (!origin) return reply.code(503).send({ message: ACCOUNT_TEXTS.emailUnavailable });
      const { token, idHash } = newLinkToken();
      await repo.replaceToken({
        idHash,
        userId: user.id,
        purpose: "email_verification",
        email: user.email,
        expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS),
      });
      await deps.services.outbox.enqueue({
        to: user.email,
        subject: `Verify your ${PRODUCT_NAME} e-mail address`,
        text: [
          `Hi ${user.fullName},`,
          "",
          `Confirm that this address belongs to your ${PRODUCT_NAME} account: ${link("/verify-email", token)}`,
          "The link works for 24 hours.",
        ].join("\n"),
      });
      return reply.code(202).send({ message: ACCOUNT_TEXTS.verificationSent });
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
      const now = new Date();
      const row = await repo.consumeToken(hashSessionToken(request.body.token), "email_verification", now);
      if (!row?.email || !(await repo.markEmailVerified(row.userId, row.email, now)))
        throw new HttpError(400, ACCOUNT_TEXTS.tokenInvalid);
      return { message: ACCOUNT_TEXTS.verified };
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
      const user = await users.findById(requireUserId(request));
      if (!user) throw new HttpError(401, "Not signed in");
      const data = await repo.exportOf(user);
      reply
        .header("content-disposition", `attachment; filename="${EXPORT_FILE_NAME}"`)
        .header("cache-control", "no-store");
      return { exportedAt: new Date().toISOString(), product: PRODUCT_NAME, ...data };
    },
  );

  app.delete(
    "/api/account",
    {
      schema: {
        tags: ["account"],
        description:
          "Needs the password. Hosted events are canceled (participants notified), the account and every row naming it are deleted, chat messages included; every session ends.",
        body: deleteAccountSchema,
        response: { 200: messageSchema, 403: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      const user = await requirePassword(request, reply, request.body.password);
      if (!user) return reply;
      const hosted = await repo.hostedEventsWithPeople(user.id);
      const ended = await repo.deleteAccount(user.id, await reportEmailKey(deps.services.repositories.push));
      if (!ended) throw new HttpError(401, "Not signed in");
      await revoke(ended);
      // After the deletion, so the notices never name the person (they were rows of the account's events).
      for (const event of hosted) {
        await deps.services.notifications.notifyAll(event.people, EVENT_NOTICES.canceledWithAccount(event));
      }
      clearSessionCookie(reply);
      return { message: ACCOUNT_TEXTS.deleted };
    },
  );
};
