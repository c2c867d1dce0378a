import type { followStateSchema } from "@contract/follows";
import type { HostPage, hostPageSchema } from "@contract/hosts";
import type { currentUserSchema } from "@contract/users";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { updateCurrentUser } from "@/features/auth";
import { api } from "@/lib/api";

const hostKeys = {
  all: ["hosts"] as const,
  page: (username: string) => [...hostKeys.all, username.toLowerCase()] as const,
};

/** A host's public page; a 404 (unknown, turned off, blocked) is an answer, not a hiccup to retry. */
const hostPageQuery = (username: string) =>
  queryOptions({
    queryKey: hostKeys.page(username),
    queryFn: () => api.get<typeof hostPageSchema>(`/api/hosts/${encodeURIComponent(username)}`),
    retry: false,
  });

export const useHostPage = (username: string) => useQuery(hostPageQuery(username));

/** Follow or unfollow the host; the page takes the answer (the viewer's state and the follower count). */
const followHostMutation = (username: string, userId: number) =>
  mutationOptions({
    mutationFn: (follow: boolean) =>
      follow
        ? api.post<typeof followStateSchema>(`/api/users/${userId}/follow`)
        : api.delete<typeof followStateSchema>(`/api/users/${userId}/follow`),
    onSuccess: (state, _follow, _result, { client }) =>
      client.setQueryData<HostPage>(hostKeys.page(username), (old) => (old ? { ...old, ...state } : old)),
  });

export const useFollowHost = (username: string, userId: number) => useMutation(followHostMutation(username, userId));

/** Settings › Privacy: turn the public page on or off. */
const publicPageMutation = (userId: number) =>
  mutationOptions({
    mutationFn: (publicProfile: boolean) =>
      api.patch<typeof currentUserSchema>(`/api/users/${userId}`, { publicProfile }),
    onSuccess: (user, _on, _result, { client }) => {
      updateCurrentUser(client, user);
      void client.invalidateQueries({ queryKey: hostKeys.all });
    },
  });

export const useSetPublicPage = (userId: number) => useMutation(publicPageMutation(userId));
