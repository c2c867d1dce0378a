import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_TEXTS } from "#contract/api-texts";
import { messageKey } from "#contract/i18n/texts";
import {
  AUTH_BUDGETS,
  LOGIN_BACKOFF_DELAY_MS,
  LOGIN_BACKOFF_FREE_FAILURES,
  LOGIN_BACKOFF_WINDOW_MS,
} from "#contract/limits";
import { errorAnswer } from "#server/http/error-texts";
import { type Limiter, type RateLimit, retryAfterSeconds } from "#server/http/rate-limits";
import { requestLanguage } from "#server/i18n";

/**
 * The auth routes' rate limits, on the shared limiters of http/rate-limits.ts
 * (Redis when configured, so every instance counts together):
 * - separate budgets per action and client address: gate, sign-in, registration;
 * - sign-in also per account+address pair, so wrong passwords sent from elsewhere never refuse
 *   the owner's address;
 * - per account, from all addresses, a back-off instead of a lock: past the free failures each
 *   further wrong answer is delayed; a right password is answered at once.
 * Every refusal is 429 {message: "Too many attempts, try again in N s"} with Retry-After: N.
 * AUTH_RATE_LIMIT (configured) replaces each budget's count, for test suites and load tests.
 */
export function authBudgets(
  app: FastifyInstance,
  configuredPoints: number | undefined,
  /** The account a typed username or e-mail names, so both spellings spend one budget. */
  findAccountId: (identifier: string) => Promise<number | null>,
) {
  const budget = (limit: RateLimit): RateLimit => (configuredPoints ? { ...limit, points: configuredPoints } : limit);
  const gate = app.rateLimits.limiter("auth-gate", budget(AUTH_BUDGETS.gate));
  const login = app.rateLimits.limiter("auth-login", budget(AUTH_BUDGETS.login));
  const loginAccountAddress = app.rateLimits.limiter(
    "auth-login-account-address",
    budget(AUTH_BUDGETS.loginAccountAddress),
  );
  const register = app.rateLimits.limiter("auth-register", budget(AUTH_BUDGETS.register));
  const loginFailures = app.rateLimits.limiter("auth-login-failures", {
    points: LOGIN_BACKOFF_FREE_FAILURES,
    windowMs: LOGIN_BACKOFF_WINDOW_MS,
  });

  /** Spends one point of each budget in turn; the first spent one answers 429 with Retry-After. */
  async function spend(reply: FastifyReply, spends: Array<[Limiter, string]>) {
    for (const [limiter, key] of spends) {
      const verdict = await limiter.consume(key);
      if (verdict.allowed) continue;
      const seconds = retryAfterSeconds(verdict);
      return reply
        .code(429)
        .header("retry-after", String(seconds))
        .send(
          errorAnswer(requestLanguage(reply.request.headers), 429, messageKey(API_TEXTS, "tooManyAttempts"), {
            seconds,
          }),
        );
    }
  }

  // The account key of a login request, found once in the preHandler and reused after a failure.
  const accountKeys = new WeakMap<FastifyRequest, string>();
  async function accountKey(request: FastifyRequest) {
    const known = accountKeys.get(request);
    if (known) return known;
    const typed = String((request.body as { username?: unknown } | undefined)?.username ?? "")
      .trim()
      .toLowerCase();
    const id = typed ? await findAccountId(typed) : null;
    const key = id == null ? `name:${typed}` : `user:${id}`;
    accountKeys.set(request, key);
    return key;
  }

  return {
    gate: (request: FastifyRequest, reply: FastifyReply) => spend(reply, [[gate, request.ip]]),
    register: (request: FastifyRequest, reply: FastifyReply) => spend(reply, [[register, request.ip]]),
    /** A preHandler: the address's budget first (no database read), then the account+address pair's. */
    login: async (request: FastifyRequest, reply: FastifyReply) => {
      const refused = await spend(reply, [[login, request.ip]]);
      if (refused) return refused;
      return spend(reply, [[loginAccountAddress, `${await accountKey(request)}\n${request.ip}`]]);
    },
    /** After a wrong password: counts it for the account and holds the answer back once past the free failures. */
    async afterFailedLogin(request: FastifyRequest) {
      const verdict = await loginFailures.consume(await accountKey(request));
      if (!verdict.allowed) await new Promise((resolve) => setTimeout(resolve, LOGIN_BACKOFF_DELAY_MS));
    },
  };
}
