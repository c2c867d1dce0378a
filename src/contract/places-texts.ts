// Place texts and the helpers that turn coordinates into text and links, apart from the schemas: Discover
// and the event screens read them without loading zod. places.ts re-exports what the server and the
// contract still name through it.

import { defineTexts, formatMessage } from "./i18n/texts";

/** Fewer letters match thousands of cities: no use to anyone, and an easy way to make the server scan. */
export const PLACE_QUERY_MIN = 2;
/** Coordinates leave with 5 decimals (about a metre): the gazetteer's own precision. */
const PLACE_COORDINATE_DECIMALS = 5;

export const PLACE_TEXTS = defineTexts("place", {
  notConfigured: "Address search is not configured",
  unavailable: "Address search is unavailable right now",
  tooMany: "Too many place searches, try again in {seconds} s",
  busy: "Address search is busy, try again in {seconds} s",
  /** An event with no place at all says so wherever its place would show. */
  locationNotSet: "Location not set",
  /** Beside a typed place without coordinates: it is there, but no map (or radius feed) can find it. */
  notOnMap: "Not on the map",
  useMyLocation: "Use my current location",
  openInMaps: "Open in Maps",
  /** A hand-typed place pinned only to its town's centre. */
  around: "Around {area}",
});

/** "Around <town>" in English, for the server's pages and tests; screens translate PLACE_TEXTS.around. */
export function aroundText(area: string): string {
  return formatMessage("en", PLACE_TEXTS.around, { area });
}

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
