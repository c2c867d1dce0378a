import { groupBestTimesSchema } from "@contract/groups";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { groupKeys } from "./keys";

/** The days and slots most members published as free, from today (GET /api/groups/{id}/availability/best). */
const bestTimesQuery = (groupId: number, from: string) =>
  queryOptions({
    queryKey: [...groupKeys.group(groupId), "availability", "best", from] as const,
    queryFn: () => api.get(`/api/groups/${groupId}/availability/best?from=${from}`, groupBestTimesSchema),
  });

export function useBestTimes(groupId: number | null, from: string) {
  return useQuery({ ...bestTimesQuery(groupId ?? 0, from), enabled: groupId != null });
}
