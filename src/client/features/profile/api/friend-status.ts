import { friendStatusResultSchema } from "@contract/friends";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { friendKeys } from "./keys";

const friendStatusQuery = (userId: number) =>
  queryOptions({
    queryKey: friendKeys.status(userId),
    queryFn: () => api.get(`/api/friends/status/${userId}`, friendStatusResultSchema),
  });

export function useFriendStatus(userId: number | undefined) {
  return useQuery({ ...friendStatusQuery(userId ?? 0), enabled: userId !== undefined });
}
