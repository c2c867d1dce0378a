import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messageKey } from "#contract/i18n/texts";
import { CREATION_LIMIT_WINDOW_MS, CREATION_LIMITS, LIMIT_TEXTS, waitParts } from "#contract/limits";
import { serverText } from "#server/i18n";
import { errorAnswer } from "./error-texts";
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
  const { name, perHour } = CREATION_LIMITS[kind];
  const limiter = app.rateLimits.limiter(name, { points: perHour, windowMs: CREATION_LIMIT_WINDOW_MS });
  return limitPerUser(limiter, (seconds, language) => {
    const { key, n } = waitParts(seconds);
    const wait = serverText(language, LIMIT_TEXTS, key, { n });
    return errorAnswer(language, 429, messageKey(LIMIT_TEXTS, kind), { wait });
  });
}
