import { incomingFriendRequestSchema } from "@contract/friends";
import { publicUserSchema } from "@contract/users";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api";
import { friendKeys } from "./keys";

const friendListSchema = z.array(publicUserSchema);
const incomingListSchema = z.array(incomingFriendRequestSchema);

const friendsQuery = (userId: number) =>
  queryOptions({
    queryKey: friendKeys.list(userId),
    queryFn: () => api.get(`/api/users/friends?userId=${userId}`, friendListSchema),
  });

export function useFriends(userId: number | undefined) {
  return useQuery({ ...friendsQuery(userId ?? 0), enabled: userId !== undefined });
}

const incomingRequestsQuery = () =>
  queryOptions({
    queryKey: friendKeys.incoming(),
    queryFn: () => api.get("/api/friends/requests", incomingListSchema),
  });

export const useIncomingRequests = () => useQuery(incomingRequestsQuery());
