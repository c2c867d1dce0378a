import type { inviteViewSchema, joinInviteResultSchema } from "@contract/groups";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { groupKeys } from "./keys";

const inviteQuery = (code: string, viewerId: number | null) =>
  queryOptions({
    queryKey: groupKeys.invite(code, viewerId),
    queryFn: () => api.get<typeof inviteViewSchema>(`/api/group-invite/${encodeURIComponent(code)}`),
  });

/** The answer depends on who looks (isMember), so auth must settle first. */
export function useInvite(code: string, viewer: { userId: number | null; ready: boolean }) {
  return useQuery({ ...inviteQuery(code, viewer.userId), enabled: viewer.ready });
}

const joinInviteMutation = (code: string) =>
  mutationOptions({
    mutationFn: () => api.post<typeof joinInviteResultSchema>(`/api/group-invite/${encodeURIComponent(code)}/join`),
    onSuccess: (_joined, _input, _result, { client }) => client.invalidateQueries({ queryKey: groupKeys.list() }),
  });

export const useJoinInvite = (code: string) => useMutation(joinInviteMutation(code));
