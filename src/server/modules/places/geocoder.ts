import { z } from "zod";
import { messageKey } from "#contract/i18n/texts";
import { GEOCODER_TIMEOUT_MS, PLACE_RESULTS_MAX, PLACE_TEXTS, type Place } from "#contract/places";
import { HttpError } from "#server/http/http-error";

/**
 * Address search against the operator's geocoder (GEOCODER_URL). Two APIs are spoken, both
 * answering GeoJSON: Photon (`…/api?q=`) and Nominatim (`…/search?q=&format=geojson`), told apart
 * by the URL's last path segment. Everything the geocoder answers is checked before it is used.
 */

/** A geocoder answer larger than this is not a list of a few places. */
const MAX_RESPONSE_BYTES = 512 * 1024;

const featureSchema = z.object({
  geometry: z.object({
    type: z.literal("Point"),
    coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.unknown()),
  }),
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
});
const featureCollectionSchema = z.object({ features: z.array(z.unknown()).max(100) });

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** Name and detail from Photon's fields ("Ferry Building", "1 Ferry Building, San Francisco, California, United States"). */
function photonNames(p: Record<string, unknown>): { name: string; detail: string } {
  const street = [text(p.street), text(p.housenumber)].filter(Boolean).join(" ");
  const name = text(p.name) || street;
  const parts = [street === name ? "" : street, text(p.city) || text(p.district), text(p.state), text(p.country)];
  return { name, detail: [...new Set(parts.filter((x) => x && x !== name))].join(", ") };
}

/** Name and detail from Nominatim's display_name ("Ferry Building, 1, The Embarcadero, …"). */
function nominatimNames(p: Record<string, unknown>): { name: string; detail: string } {
  const parts = text(p.display_name)
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  const name = text(p.name) || parts[0] || "";
  return { name, detail: parts.filter((x) => x !== name).join(", ") };
}

export interface Geocoder {
  search(query: string): Promise<Place[]>;
}

export interface GeocoderOptions {
  userAgent: string;
  timeoutMs?: number;
  /** Told why a search failed; the caller only sees "unavailable" (502, or 504 on a timeout). */
  onFailure?: (error: unknown) => void;
}

export function createGeocoder(baseUrl: string, options: GeocoderOptions): Geocoder {
  const nominatim = /\/search\/?$/.test(new URL(baseUrl).pathname);
  const fail = (status: number, error: unknown) => {
    options.onFailure?.(error);
    return new HttpError(status, messageKey(PLACE_TEXTS, "unavailable"));
  };

  async function readLimited(response: Response): Promise<string> {
    const declared = Number(response.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > MAX_RESPONSE_BYTES) throw new Error("geocoder answer too large");
    const reader = response.body?.getReader();
    if (!reader) return "";
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_RESPONSE_BYTES) {
        await reader.cancel();
        throw new Error("geocoder answer too large");
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  return {
    async search(query) {
      const url = new URL(baseUrl);
      url.searchParams.set("q", query);
      url.searchParams.set("limit", String(PLACE_RESULTS_MAX));
      if (nominatim) url.searchParams.set("format", "geojson");
      let body: string;
      try {
        const response = await fetch(url, {
          headers: { accept: "application/json", "user-agent": options.userAgent },
          signal: AbortSignal.timeout(options.timeoutMs ?? GEOCODER_TIMEOUT_MS),
          redirect: "error",
        });
        if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
        body = await readLimited(response);
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        throw fail(timedOut ? 504 : 502, error);
      }
      let collection: z.infer<typeof featureCollectionSchema>;
      try {
        collection = featureCollectionSchema.parse(JSON.parse(body));
      } catch (error) {
        throw fail(502, error);
      }
      const places: Place[] = [];
      for (const raw of collection.features) {
        const feature = featureSchema.safeParse(raw);
        if (!feature.success) continue;
        const [longitude, latitude] = feature.data.geometry.coordinates;
        const properties = feature.data.properties ?? {};
        const { name, detail } = nominatim ? nominatimNames(properties) : photonNames(properties);
        if (!name) continue;
        places.push({
          name,
          detail,
          label: detail ? `${name}, ${detail}` : name,
          latitude,
          longitude,
          source: "address",
        });
        if (places.length === PLACE_RESULTS_MAX) break;
      }
      return places;
    },
  };
}
