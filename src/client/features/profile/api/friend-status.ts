import type { friendStatusResultSchema } from "@contract/friends";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { friendKeys } from "./keys";

const friendStatusQuery = (userId: number) =>
  queryOptions({
    queryKey: friendKeys.status(userId),
    queryFn: () => api.get<typeof friendStatusResultSchema>(`/api/friends/status/${userId}`),
  });

export function useFriendStatus(userId: number | undefined) {
  return useQuery({ ...friendStatusQuery(userId ?? 0), enabled: userId !== undefined });
}
