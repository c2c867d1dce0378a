import type { placesResultSchema } from "@contract/places";
import { PLACE_QUERY_MIN } from "@contract/places-texts";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { placeKeys } from "./keys";

/** The place picker's city search, per keystroke; the previous answer stays while typing, so the list never blinks. */
export function usePlaceSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: placeKeys.cities(query),
    queryFn: () => api.get<typeof placesResultSchema>(`/api/places?${new URLSearchParams({ q: query })}`),
    enabled: query.length >= PLACE_QUERY_MIN,
    placeholderData: (previous) => previous,
  });
}

/** Address search runs when asked (a button), not per keystroke: public geocoders forbid autocomplete. */
export function useAddressSearch(q: string | null) {
  const query = q?.trim() ?? "";
  return useQuery({
    queryKey: placeKeys.addresses(query),
    queryFn: () => api.get<typeof placesResultSchema>(`/api/places/addresses?${new URLSearchParams({ q: query })}`),
    enabled: query.length >= PLACE_QUERY_MIN,
  });
}
