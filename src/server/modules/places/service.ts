import type { Place } from "#contract/places";
import { fold, searchCities } from "./gazetteer";
import type { Geocoder } from "./geocoder";
import { zoneAt } from "./time-zone";

/** Each place with the zone its clocks run on: the dialog reads a typed time in the place's zone. */
function withZones(places: Place[]): Place[] {
  return places.map((p) => ({ ...p, timezone: zoneAt(p.latitude, p.longitude) }));
}

/** Distinct city searches remembered: the gazetteer never changes while the process runs. */
const CITY_CACHE_ENTRIES = 2000;
/** Distinct address searches remembered, and for how long: addresses move rarely; the geocoder is a shared, rate-limited service. */
const ADDRESS_CACHE_ENTRIES = 1000;
const ADDRESS_CACHE_MS = 24 * 60 * 60 * 1000;

/** A bounded map that forgets its least recently used entry first, and entries older than ttlMs. */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
  ) {}
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }
  set(key: string, value: V, now = Date.now()) {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
  delete(key: string) {
    this.entries.delete(key);
  }
  get size() {
    return this.entries.size;
  }
}

export interface PlacesService {
  readonly addressSearch: boolean;
  cities(query: string): Place[];
  /**
   * Addresses from the geocoder, answered from the cache when the same search ran in the last day;
   * concurrent identical searches share one call. `beforeCall` runs before a real call (the global
   * geocoder budget) and may throw.
   */
  addresses(query: string, beforeCall: () => Promise<void>): Promise<Place[]>;
}

export function placesService({ geocoder }: { geocoder: Geocoder | null }): PlacesService {
  const cityCache = new BoundedCache<Place[]>(CITY_CACHE_ENTRIES);
  const addressCache = new BoundedCache<Promise<Place[]>>(ADDRESS_CACHE_ENTRIES, ADDRESS_CACHE_MS);
  return {
    addressSearch: geocoder !== null,
    cities(query) {
      const key = fold(query);
      let places = cityCache.get(key);
      if (!places) {
        places = withZones(searchCities(query));
        cityCache.set(key, places);
      }
      return places;
    },
    async addresses(query, beforeCall) {
      if (!geocoder) return [];
      const key = fold(query);
      const cached = addressCache.get(key);
      if (cached) return cached;
      // Cached before the budget is asked, so an identical search arriving meanwhile shares this one.
      const pending = beforeCall()
        .then(() => geocoder.search(query))
        .then(withZones);
      addressCache.set(key, pending);
      // A failure is not remembered: the next search asks again.
      pending.catch(() => addressCache.delete(key));
      return pending;
    },
  };
}
