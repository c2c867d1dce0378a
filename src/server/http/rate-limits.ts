import type { FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

/**
 * The one place Link builds rate limiters that hold across sockets, REST calls and instances
 * (issue 9.9). Each limiter counts points per key (usually a user id) in a fixed window:
 *
 *   const perUser = app.rateLimits.limiter("chat", { points: 200, windowMs: 60_000 });
 *   app.post("/x", { preHandler: limitPerUser(perUser, "Too many messages") }, ...)   // REST: 429 + Retry-After
 *   const verdict = await perUser.consume(userId); if (!verdict.allowed) ...           // anywhere else
 *
 * With REDIS_URL the counts live in Redis under `${REDIS_PREFIX}limit:${name}:` so every instance
 * shares them; without it they live in this process. When Redis is unreachable a per-process
 * counter with the same budget takes over (rate-limiter-flexible's insurance limiter): a Redis
 * outage neither turns every request into a 500 nor lifts the limits.
 */
export interface RateLimit {
  /** Actions allowed per window. */
  points: number;
  windowMs: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface Limiter {
  readonly name: string;
  readonly limit: RateLimit;
  /** Spends `points` (default 1) of `key`'s budget; refused once the window's budget is spent. */
  consume(key: string | number, points?: number): Promise<Verdict>;
}

export interface RateLimits {
  /** The limiter called `name`; asking again for the same name (REST and socket) returns the same one. */
  limiter(name: string, limit: RateLimit): Limiter;
  close(): Promise<void>;
}

export function createRateLimits(options: { redisUrl?: string; prefix: string }): RateLimits {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        // A limiter must answer fast: no offline queue, so a down Redis fails over to memory at once.
        enableOfflineQueue: false,
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
      })
    : undefined;
  // Without this listener ioredis reports every reconnect attempt as an unhandled 'error' event.
  redis?.on("error", () => {});
  const limiters = new Map<string, Limiter>();

  return {
    limiter(name, limit) {
      const known = limiters.get(name);
      if (known) {
        if (known.limit.points !== limit.points || known.limit.windowMs !== limit.windowMs) {
          throw new Error(`rate limiter "${name}" asked for with two different limits`);
        }
        return known;
      }
      const duration = Math.max(1, Math.ceil(limit.windowMs / 1000));
      // Not "rl:": that namespace is @fastify/rate-limit's (per-IP limits) in the same Redis.
      const keyPrefix = `${options.prefix}limit:${name}`;
      const memory = new RateLimiterMemory({ keyPrefix, points: limit.points, duration });
      const store = redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points: limit.points, duration, insuranceLimiter: memory })
        : memory;
      const created: Limiter = {
        name,
        limit,
        async consume(key, points = 1) {
          try {
            await store.consume(String(key), points);
            return { allowed: true };
          } catch (rejection) {
            if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterMs: rejection.msBeforeNext };
            throw rejection;
          }
        },
      };
      limiters.set(name, created);
      return created;
    },
    async close() {
      redis?.disconnect();
    },
  };
}

/** Whole seconds to wait, never 0: what Retry-After and the "try again in N s" texts show. */
export function retryAfterSeconds(verdict: { retryAfterMs: number }): number {
  return Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
}

/**
 * A route hook that spends one point of the signed-in user's budget (of the client address when
 * signed out) and answers 429 {message} with Retry-After once it is spent.
 */
export function limitPerUser(limiter: Limiter, message: string | ((retryAfterS: number) => string)) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = await limiter.consume(request.userId ?? `ip:${request.ip}`);
    if (verdict.allowed) return;
    const seconds = retryAfterSeconds(verdict);
    return reply
      .code(429)
      .header("retry-after", String(seconds))
      .send({ message: typeof message === "string" ? message : message(seconds) });
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** Limiters shared by REST, sockets and instances; see src/server/http/rate-limits.ts. */
    rateLimits: RateLimits;
  }
}
