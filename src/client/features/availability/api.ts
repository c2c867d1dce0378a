import type { AvailabilityRow, SaveAvailabilityInput } from "@contract/availability";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryClient } from "@/lib/query-client";

export const AVAILABILITY_KEY = "/api/availability/user";

export const availabilityQueryKey = (userId: number) => [AVAILABILITY_KEY, { userId }] as const;

/** A user's saved days, newest first (spec 01 §7 GET /api/availability/user). */
export function useAvailability(userId: number | undefined) {
  return useQuery({
    queryKey: availabilityQueryKey(userId ?? 0),
    queryFn: () => apiJson<AvailabilityRow[]>("GET", `${AVAILABILITY_KEY}?userId=${userId}`),
    enabled: userId !== undefined,
  });
}

export function useSaveAvailability() {
  return useMutation({
    mutationFn: (input: SaveAvailabilityInput) => apiJson<AvailabilityRow>("POST", "/api/availability", input),
    // Spec 01 §7: after a write the cached availability lists are refreshed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [AVAILABILITY_KEY] }),
  });
}
