import { z } from "zod";
import { lineSchema } from "./fields";
import { SEARCH_QUERY_MAX } from "./limits";

/**
 * An event's place is picked from the device's position, a bundled gazetteer of cities
 * (GET /api/places) or, when the operator sets GEOCODER_URL, address search (GET /api/places/addresses).
 */

/** Fewer letters match thousands of cities: no use to anyone, and an easy way to make the server scan. */
export const PLACE_QUERY_MIN = 2;
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
/** Coordinates leave with 5 decimals (about a metre): the gazetteer's own precision. */
const PLACE_COORDINATE_DECIMALS = 5;

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

export const PLACE_TEXTS = {
  notConfigured: "Address search is not configured",
  unavailable: "Address search is unavailable right now",
  tooMany: (seconds: number) => `Too many place searches, try again in ${seconds} s`,
  busy: (seconds: number) => `Address search is busy, try again in ${seconds} s`,
  /** An event with no coordinates says so wherever its place is shown. */
  locationNotSet: "Location not set",
  useMyLocation: "Use my current location",
  openInMaps: "Open in Maps",
  /** A hand-typed place pinned only to its town's centre. */
  around: (area: string) => `Around ${area}`,
} as const;

/** Latitude and longitude as events store them, as text: at most PLACE_COORDINATE_DECIMALS decimals. */
export function coordinateText(value: number): string {
  return String(Number(value.toFixed(PLACE_COORDINATE_DECIMALS)));
}

/** The coordinates of an event, or null when it has none (or only half of them). */
export function eventCoordinates(event: {
  latitude: string;
  longitude: string;
}): { latitude: number; longitude: number } | null {
  if (event.latitude.trim() === "" || event.longitude.trim() === "") return null;
  const latitude = Number(event.latitude);
  const longitude = Number(event.longitude);
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}

/** Which maps app a link should open: the phone's own (Apple Maps on iOS, the geo: chooser on Android) or a web map. */
export type MapsPlatform = "ios" | "android" | "web";

/**
 * Where "Open in Maps" leads for a pin: a geo: URI on Android (the phone offers its maps apps),
 * Apple Maps on iOS (maps.apple.com opens the app), an OpenStreetMap page elsewhere. The label rides
 * along so the pin is named.
 */
export function mapsLink(
  place: { latitude: number; longitude: number; label: string },
  platform: MapsPlatform,
): string {
  const lat = coordinateText(place.latitude);
  const lng = coordinateText(place.longitude);
  if (platform === "android") {
    const label = place.label ? `(${encodeURIComponent(place.label)})` : "";
    return `geo:${lat},${lng}?q=${lat},${lng}${label}`;
  }
  if (platform === "ios") {
    return `https://maps.apple.com/?ll=${lat},${lng}&q=${encodeURIComponent(place.label || "Event")}`;
  }
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}

/**
 * Where "Open in Maps" leads for a place typed by hand whose pin is only its town's centre: a search
 * for the typed address (near that town), so guests are not sent to City Hall.
 */
export function mapsSearchLink(
  query: string,
  near: { latitude: number; longitude: number } | null,
  platform: MapsPlatform,
): string {
  const q = encodeURIComponent(query);
  const at = near ? `${coordinateText(near.latitude)},${coordinateText(near.longitude)}` : null;
  if (platform === "android") return `geo:${at ?? "0,0"}?q=${q}`;
  if (platform === "ios") return `https://maps.apple.com/?q=${q}${at ? `&sll=${at}` : ""}`;
  return `https://www.openstreetmap.org/search?query=${q}`;
}

/** GET /api/places/map: the operator's MapLibre style, or null (no map preview). */
export const mapConfigSchema = z.object({ styleUrl: z.string().nullable() });
