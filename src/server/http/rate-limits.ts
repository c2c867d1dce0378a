import type { FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { Language } from "#contract/i18n/languages";
import { requestLanguage } from "#server/i18n";
import { type ErrorAnswer, errorAnswer } from "./error-texts";

/**
 * The one place Link builds rate limiters that hold across sockets, REST calls and instances
 *. Each limiter counts points per key (usually a user id) in a fixed window:
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
  /** Counted in this process even with Redis: a guard of this instance's own CPU, not a fair share. */
  perInstance?: boolean;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface Limiter {
  readonly name: string;
  readonly limit: RateLimit;
  /** Spends `points` (default 1) of `key`'s budget; refused once the window's budget is spent. */
  consume(key: string | number, points?: number): Promise<Verdict>;
}

/**
 * At most `max` things held at once per key (a user's open sockets), counted across instances.
 * A holder renews its slot more often than `leaseMs`; slots of a crashed instance lapse after it.
 */
interface Slots {
  /** Takes a slot of `key` for `holder`; false when `max` are held. */
  acquire(key: string | number, holder: string): Promise<boolean>;
  renew(key: string | number, holders: string[]): Promise<void>;
  release(key: string | number, holder: string): Promise<void>;
}

export interface RateLimits {
  /** The limiter called `name`; asking again for the same name (REST and socket) returns the same one. */
  limiter(name: string, limit: RateLimit): Limiter;
  /** The slot pool called `name` (one per name, like limiter). */
  slots(name: string, options: { max: number; leaseMs: number }): Slots;
  /** The Redis client behind the shared budgets, when REDIS_URL is set. */
  readonly redis: Redis | undefined;
  close(): Promise<void>;
}

/** Where a Redis outage is said: once when it starts, once when it ends. */
export interface OutageLog {
  warn(message: string): void;
  info(message: string): void;
}

/** Drops lapsed holders, then adds (or renews) ARGV[4] unless ARGV[3] holders remain; 1 when held. */
const ACQUIRE_SLOT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if not redis.call('ZSCORE', KEYS[1], ARGV[4]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/** Per-process slots: the whole story without Redis, and the fallback while Redis is down. */
function memorySlots(max: number, leaseMs: number): Slots {
  const held = new Map<string, Map<string, number>>();
  const live = (key: string) => {
    const now = Date.now();
    const holders = held.get(key) ?? new Map<string, number>();
    for (const [holder, until] of holders) if (until <= now) holders.delete(holder);
    held.set(key, holders);
    return holders;
  };
  return {
    async acquire(key, holder) {
      const holders = live(String(key));
      if (!holders.has(holder) && holders.size >= max) return false;
      holders.set(holder, Date.now() + leaseMs);
      return true;
    },
    async renew(key, list) {
      const holders = live(String(key));
      for (const holder of list) if (holders.has(holder)) holders.set(holder, Date.now() + leaseMs);
    },
    async release(key, holder) {
      const holders = held.get(String(key));
      holders?.delete(holder);
      if (holders?.size === 0) held.delete(String(key));
    },
  };
}

export function createRateLimits(options: { redisUrl?: string; prefix: string; log?: OutageLog }): RateLimits {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        // A limiter must answer fast: no offline queue, so a down Redis fails over to memory at once.
        enableOfflineQueue: false,
        // Budgets spent in one turn of the event loop (a busy chat: many senders at once) share one write
        // and one round trip instead of one each.
        enableAutoPipelining: true,
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
      })
    : undefined;
  // Without an 'error' listener ioredis reports every reconnect attempt as an unhandled event.
  let down = false;
  redis?.on("error", () => {});
  redis?.on("close", () => {
    if (down) return;
    down = true;
    options.log?.warn("rate limits: Redis unreachable, counting in this process until it is back");
  });
  redis?.on("ready", () => {
    if (!down) return;
    down = false;
    options.log?.info("rate limits: Redis is back");
  });
  const limiters = new Map<string, Limiter>();
  const slotPools = new Map<string, Slots>();

  return {
    redis,
    limiter(name, limit) {
      const known = limiters.get(name);
      if (known) {
        if (known.limit.points !== limit.points || known.limit.windowMs !== limit.windowMs) {
          throw new Error(`rate limiter "${name}" asked for with two different limits`);
        }
        return known;
      }
      const duration = Math.max(1, Math.ceil(limit.windowMs / 1000));
      const keyPrefix = `${options.prefix}limit:${name}`;
      const memory = new RateLimiterMemory({ keyPrefix, points: limit.points, duration });
      const store =
        redis && !limit.perInstance
          ? new RateLimiterRedis({
              storeClient: redis,
              keyPrefix,
              points: limit.points,
              duration,
              insuranceLimiter: memory,
            })
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
    slots(name, { max, leaseMs }) {
      const known = slotPools.get(name);
      if (known) return known;
      const memory = memorySlots(max, leaseMs);
      const keyOf = (key: string | number) => `${options.prefix}slots:${name}:${key}`;
      const pool: Slots = redis
        ? {
            async acquire(key, holder) {
              const now = Date.now();
              try {
                const held =
                  (await redis.eval(ACQUIRE_SLOT, 1, keyOf(key), now, now + leaseMs, max, holder, leaseMs)) === 1;
                // Mirrored here, so that during a later outage this instance still counts what it holds.
                if (held) await memory.acquire(key, holder);
                return held;
              } catch {
                // Redis down: this instance's own count still caps the user.
                return memory.acquire(key, holder);
              }
            },
            async renew(key, holders) {
              await memory.renew(key, holders);
              if (holders.length === 0) return;
              const until = Date.now() + leaseMs;
              const pipeline = redis.multi();
              for (const holder of holders) pipeline.zadd(keyOf(key), "XX", until, holder);
              pipeline.pexpire(keyOf(key), leaseMs);
              await pipeline.exec().catch(() => {});
            },
            async release(key, holder) {
              await memory.release(key, holder);
              await redis.zrem(keyOf(key), holder).catch(() => {});
            },
          }
        : memory;
      slotPools.set(name, pool);
      return pool;
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
 * signed out) and answers 429 {message, code} with Retry-After once it is spent: a contract text by its code
 * (messageKey; its message may name {seconds}), or an answer written for the reader's language and the wait.
 */
export function limitPerUser(limiter: Limiter | readonly Limiter[], refusal: Refusal) {
  return limitBy(limiter, (request) => request.userId ?? `ip:${request.ip}`, refusal);
}

/**
 * The same for public routes budgeted per client address (request.ip: X-Forwarded-For counts only
 * under TRUST_PROXY), signed in or not. Usable as onRequest, so a budget is spent before validation.
 */
export function limitPerAddress(limiter: Limiter, refusal: Refusal) {
  return limitBy(limiter, (request) => `ip:${request.ip}`, refusal);
}

/** Spends one point of every budget for `key`; the longest wait when any refuses. */
export async function consumeAll(limiters: readonly Limiter[], key: string | number): Promise<Verdict> {
  const verdicts = await Promise.all(limiters.map((limiter) => limiter.consume(key)));
  const waits = verdicts.flatMap((v) => (v.allowed ? [] : [v.retryAfterMs]));
  return waits.length === 0 ? { allowed: true } : { allowed: false, retryAfterMs: Math.max(...waits) };
}

/** A 429's text: a message's code, or the whole answer for a wait in a language. */
type Refusal = string | ((retryAfterS: number, language: Language) => ErrorAnswer);

function limitBy(
  limiter: Limiter | readonly Limiter[],
  keyOf: (request: FastifyRequest) => string | number,
  refusal: Refusal,
) {
  const limiters: readonly Limiter[] = Array.isArray(limiter) ? limiter : [limiter as Limiter];
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = await consumeAll(limiters, keyOf(request));
    if (verdict.allowed) return;
    const seconds = retryAfterSeconds(verdict);
    return reply
      .code(429)
      .header("retry-after", String(seconds))
      .send(
        typeof refusal === "string"
          ? errorAnswer(requestLanguage(request.headers), 429, refusal, { seconds })
          : refusal(seconds, requestLanguage(request.headers)),
      );
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** Limiters shared by REST, sockets and instances; see src/server/http/rate-limits.ts. */
    rateLimits: RateLimits;
  }
}
