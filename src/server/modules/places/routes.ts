import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageSchema } from "#contract/auth";
import { messageKey } from "#contract/i18n/texts";
import {
  ADDRESS_SEARCHES_PER_MINUTE,
  GEOCODER_CALLS_PER_SECOND,
  PLACE_SEARCHES_PER_MINUTE,
  PLACE_TEXTS,
  placeQuerySchema,
  placesResultSchema,
} from "#contract/places";
import type { RouteDeps } from "#server/compose";
import { errorAnswer } from "#server/http/error-texts";
import { HttpError } from "#server/http/http-error";
import { limitPerUser, retryAfterSeconds } from "#server/http/rate-limits";
import { requireUserId } from "#server/http/session";
import { requestLanguage } from "#server/i18n";

const placeTooMany = messageKey(PLACE_TEXTS, "tooMany");

/** The place picker's searches. Both need a session; neither stores anything. */
export const placesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.places;
  const perUser = app.rateLimits.limiter("places", { points: PLACE_SEARCHES_PER_MINUTE, windowMs: 60_000 });
  const addressesPerUser = app.rateLimits.limiter("places-addresses", {
    points: ADDRESS_SEARCHES_PER_MINUTE,
    windowMs: 60_000,
  });
  // The geocoder budget is counted per second of the app's clock (tests move it): each second has its
  // own key, kept a minute so that only the clock, never a lapsing window, starts the next budget.
  const geocoderCalls = app.rateLimits.limiter("geocoder", { points: GEOCODER_CALLS_PER_SECOND, windowMs: 60_000 });
  const nowMs = () => deps.now?.().getTime() ?? Date.now();

  app.get(
    "/api/places",
    {
      schema: {
        tags: ["places"],
        summary: "Cities whose name starts with q, largest first, from the bundled offline gazetteer",
        querystring: placeQuerySchema,
        response: { 200: placesResultSchema },
      },
      preHandler: limitPerUser(perUser, placeTooMany),
    },
    async (request) => {
      requireUserId(request);
      return { places: service.cities(request.query.q), addressSearch: service.addressSearch };
    },
  );

  app.get(
    "/api/places/addresses",
    {
      schema: {
        tags: ["places"],
        summary: "Addresses matching q from the operator's geocoder (GEOCODER_URL); 404 when none is configured",
        querystring: placeQuerySchema,
        response: { 200: placesResultSchema, 502: messageSchema, 504: messageSchema },
      },
      preHandler: limitPerUser(addressesPerUser, placeTooMany),
    },
    async (request, reply) => {
      requireUserId(request);
      if (!service.addressSearch) throw new HttpError(404, messageKey(PLACE_TEXTS, "notConfigured"));
      try {
        const places = await service.addresses(request.query.q, async () => {
          const now = nowMs();
          const verdict = await geocoderCalls.consume(`second:${Math.floor(now / 1000)}`);
          if (verdict.allowed) return;
          const seconds = retryAfterSeconds({ retryAfterMs: 1000 - (now % 1000) });
          reply.header("retry-after", String(seconds));
          throw new HttpError(429, messageKey(PLACE_TEXTS, "busy"), { seconds });
        });
        return { places, addressSearch: true };
      } catch (error) {
        // The geocoder's own failures are 502/504 with a message the picker shows, not a 500.
        if (error instanceof HttpError && (error.statusCode === 502 || error.statusCode === 504)) {
          return reply
            .code(error.statusCode)
            .send(errorAnswer(requestLanguage(request.headers), error.statusCode, error.code, error.values));
        }
        throw error;
      }
    },
  );
};
