import type { mapConfigSchema } from "@contract/places";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { placeKeys } from "./keys";

/** The operator's map style (MAP_STYLE_URL), or null: without one no map code is ever downloaded. */
export function useMapStyle() {
  const query = useQuery({
    queryKey: [...placeKeys.all, "map"] as const,
    queryFn: () => api.get<typeof mapConfigSchema>("/api/places/map"),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data?.styleUrl ?? null;
}
