import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CREATION_LIMIT_WINDOW_MS, CREATION_LIMITS, tooManyCreatedText } from "#contract/limits";
import { limitPerUser } from "./rate-limits";

export type CreationKind = keyof typeof CREATION_LIMITS;

/**
 * A route hook spending one of the signed-in user's hourly creations of `kind`
 * (CREATION_LIMITS), shared by every instance through app.rateLimits; past it, 429 with Retry-After
 * and "Too many <what> created, try again in N s". It runs after validation, so bad input costs nothing.
 */
export function creationLimit(
  app: FastifyInstance,
  kind: CreationKind,
): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> {
  const { name, perHour, what } = CREATION_LIMITS[kind];
  const limiter = app.rateLimits.limiter(name, { points: perHour, windowMs: CREATION_LIMIT_WINDOW_MS });
  return limitPerUser(limiter, (seconds) => tooManyCreatedText(what, seconds));
}
