import { inviteViewSchema, joinInviteResultSchema } from "@contract/groups";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { groupKeys } from "./keys";

const inviteQuery = (code: string, viewerId: number | null) =>
  queryOptions({
    queryKey: groupKeys.invite(code, viewerId),
    queryFn: () => api.get(`/api/group-invite/${encodeURIComponent(code)}`, inviteViewSchema),
  });

/** The answer depends on who looks (isMember), so auth must settle first. */
export function useInvite(code: string, viewer: { userId: number | null; ready: boolean }) {
  return useQuery({ ...inviteQuery(code, viewer.userId), enabled: viewer.ready });
}

const joinInviteMutation = (code: string) =>
  mutationOptions({
    mutationFn: () => api.post(`/api/group-invite/${encodeURIComponent(code)}/join`, joinInviteResultSchema),
    onSuccess: (_joined, _input, _result, { client }) => client.invalidateQueries({ queryKey: groupKeys.list() }),
  });

export const useJoinInvite = (code: string) => useMutation(joinInviteMutation(code));
