import { EARTH_RADIUS_KM } from "./limits";

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in km on a 6371 km earth. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLng = toRadians(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The distance as it is displayed, in km: whole metres under 1 km, one decimal under 10 km, whole km beyond.
 * Rounding happens before the band is chosen, so 999.6 m is 1.0 km and 9.95 km is 10 km: a displayed
 * value never shows a precision its band doesn't allow ("1000 m", "10.0 km" never appear).
 * The server sends other people's distances through this too, so a response carries no more precision than the screen.
 */
export function coarsenDistanceKm(km: number): number {
  const metres = Math.round(km * 1000);
  if (metres < 1000) return metres / 1000;
  const tenths = Math.round(km * 10);
  if (tenths < 100) return tenths / 10;
  return Math.round(km);
}

/** How a distance is displayed: its unit, the number and its decimals (the screens put it in their language). */
export function distanceParts(km: number): { unit: "m" | "km"; value: number; decimals: 0 | 1 } {
  const metres = Math.round(km * 1000);
  if (metres < 1000) return { unit: "m", value: metres, decimals: 0 };
  const tenths = Math.round(km * 10);
  if (tenths < 100) return { unit: "km", value: tenths / 10, decimals: 1 };
  return { unit: "km", value: Math.round(km), decimals: 0 };
}

/** Distance display: whole metres under 1 km ("999 m"), one decimal under 10 km ("9.9 km"), else whole km ("10 km"). */
export function formatDistance(km: number): string {
  const metres = Math.round(km * 1000);
  if (metres < 1000) return `${metres} m`;
  const tenths = Math.round(km * 10);
  if (tenths < 100) return `${(tenths / 10).toFixed(1)} km`;
  return `${Math.round(km)} km`;
}
