import type { FriendStatus, IncomingFriendRequest, InviteFriendInput } from "@contract/friends";
import type { CurrentUser, PublicUser, UpdateProfileInput, UserProfile } from "@contract/users";
import { useMutation, useQuery } from "@tanstack/react-query";
import { CURRENT_USER_KEY } from "@/features/auth/use-auth";
import { apiJson } from "@/lib/api";
import { queryClient } from "@/lib/query-client";

/** Spec 01 §5: a profile id must be numeric or the query is not run. */
export const isNumericId = (id: string | undefined): id is string => !!id && /^\d+$/.test(id);

export const userQueryKey = (id: number | string) => ["/api/users", String(id)] as const;

/** GET /api/users/{id}: public fields, plus the e-mail on the viewer's own profile. */
export function useUserProfile(id: string | undefined) {
  return useQuery<UserProfile, Error>({
    queryKey: userQueryKey(id ?? ""),
    queryFn: () => apiJson<UserProfile>("GET", `/api/users/${id}`),
    enabled: isNumericId(id),
  });
}

export function useUpdateProfile(userId: number) {
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => apiJson<CurrentUser>("PATCH", `/api/users/${userId}`, input),
    onSuccess: (user) => {
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      queryClient.setQueryData(["/api/users/current"], user);
      void queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
    },
  });
}

/** Stores a picked photo (POST /api/uploads) and answers the URL a profile may point at. */
export function uploadPhoto(dataUrl: string) {
  return apiJson<{ id: string; url: string }>("POST", "/api/uploads", { dataUrl });
}

export const FRIENDS_KEY = "/api/users/friends";

export function useFriends(userId: number | undefined) {
  return useQuery({
    queryKey: [FRIENDS_KEY, { userId }],
    queryFn: () => apiJson<PublicUser[]>("GET", `${FRIENDS_KEY}?userId=${userId}`),
    enabled: userId !== undefined,
  });
}

export function useIncomingRequests() {
  return useQuery({
    queryKey: ["/api/friends/requests"],
    queryFn: () => apiJson<IncomingFriendRequest[]>("GET", "/api/friends/requests"),
  });
}

export function useFriendStatus(userId: number | undefined) {
  return useQuery({
    queryKey: ["/api/friends/status", String(userId)],
    queryFn: () => apiJson<{ status: FriendStatus }>("GET", `/api/friends/status/${userId}`),
    enabled: userId !== undefined,
  });
}

function refreshFriendships() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [FRIENDS_KEY] }),
    queryClient.invalidateQueries({ queryKey: ["/api/friends/requests"] }),
    queryClient.invalidateQueries({ queryKey: ["/api/friends/status"] }),
  ]);
}

type FriendAction = { userId: number; action: "request" | "accept" | "decline" };

export function useFriendAction() {
  return useMutation({
    mutationFn: ({ userId, action }: FriendAction) =>
      action === "request"
        ? apiJson<{ status: FriendStatus }>("POST", "/api/friends/requests", { userId })
        : apiJson<{ status: FriendStatus }>("POST", `/api/friends/requests/${userId}/${action}`),
    onSuccess: refreshFriendships,
  });
}

export function useInviteFriend() {
  return useMutation({
    mutationFn: (input: InviteFriendInput) => apiJson<{ message: string }>("POST", "/api/friends/invite", input),
  });
}

/** Opens (or reuses) the two-member private group with a user for "Message". */
export function useOpenDirectMessage() {
  return useMutation({
    mutationFn: (userId: number) => apiJson<{ id: number }>("POST", "/api/groups/direct", { userId }),
  });
}
