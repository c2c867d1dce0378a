import { z } from "zod";
import { lineSchema } from "./fields";
import { SEARCH_QUERY_MAX } from "./limits";
import { PLACE_QUERY_MIN } from "./places-texts";

export {
  type MapsPlatform,
  PLACE_TEXTS,
} from "./places-texts";

/**
 * An event's place is picked from the device's position, a bundled gazetteer of cities
 * (GET /api/places) or, when the operator sets GEOCODER_URL, address search (GET /api/places/addresses).
 */

/** Places one search answers: what fits on a phone under the search box. */
export const PLACE_RESULTS_MAX = 8;
/** City searches per user per minute: a search fires 300 ms after typing stops, so a person typing never nears it. */
export const PLACE_SEARCHES_PER_MINUTE = 60;
/** Address searches per user per minute: each may cost a call to the operator's geocoder. */
export const ADDRESS_SEARCHES_PER_MINUTE = 20;
/**
 * Calls to the geocoder per second from all of Link (Redis-shared when configured): the public
 * Nominatim's usage policy allows one; repeated searches are answered from the cache instead.
 */
export const GEOCODER_CALLS_PER_SECOND = 1;
/** A geocoder that has not answered by then is treated as down: the picker still offers cities and the device's position. */
export const GEOCODER_TIMEOUT_MS = 4000;

export const placeQuerySchema = z.object({
  q: lineSchema()
    .trim()
    .min(PLACE_QUERY_MIN, `at least ${PLACE_QUERY_MIN} characters`)
    .max(SEARCH_QUERY_MAX, `at most ${SEARCH_QUERY_MAX} characters`),
});

const placeSourceSchema = z.enum(["city", "address"]);

const placeSchema = z.object({
  /** "San Francisco" */
  name: z.string(),
  /** "CA, United States": what tells two places of one name apart. */
  detail: z.string(),
  /** "San Francisco, CA, United States": the text the event's location takes when it has none. */
  label: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  source: placeSourceSchema,
  /** The IANA zone at the place: an event there keeps its time in it. */
  timezone: z.string().nullable().optional(),
});
export type Place = z.infer<typeof placeSchema>;

export const placesResultSchema = z.object({
  places: z.array(placeSchema).max(PLACE_RESULTS_MAX),
  /** Whether GET /api/places/addresses is available (GEOCODER_URL is set). */
  addressSearch: z.boolean(),
});
export type PlacesResult = z.infer<typeof placesResultSchema>;

/** GET /api/places/map: the operator's MapLibre style, or null (no map preview). */
export const mapConfigSchema = z.object({ styleUrl: z.string().nullable() });
