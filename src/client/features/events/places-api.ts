import type { PlacesResult } from "@contract/places";
import { PLACE_QUERY_MIN } from "@contract/places";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** Issue 12.1: the place picker's two searches; answers never go stale (the gazetteer doesn't change). */
export const PLACES_KEY = "/api/places";

export function usePlaceSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: [PLACES_KEY, "cities", query.toLowerCase()],
    queryFn: () => apiJson<PlacesResult>("GET", `${PLACES_KEY}?${new URLSearchParams({ q: query })}`),
    enabled: query.length >= PLACE_QUERY_MIN,
    placeholderData: (previous) => previous,
  });
}

/** Address search runs when asked (a button), not per keystroke: public geocoders forbid autocomplete. */
export function useAddressSearch(q: string | null) {
  const query = q?.trim() ?? "";
  return useQuery({
    queryKey: [PLACES_KEY, "addresses", query.toLowerCase()],
    queryFn: () => apiJson<PlacesResult>("GET", `${PLACES_KEY}/addresses?${new URLSearchParams({ q: query })}`),
    enabled: query.length >= PLACE_QUERY_MIN,
  });
}
