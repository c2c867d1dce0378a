import { groupInvitationSchema } from "@contract/groups";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { groupKeys } from "./keys";

/** A fresh invite link with the default lifetime; the group's card then shows it (its inviteCode is the newest). */
const createInviteMutation = (groupId: number) =>
  mutationOptions({
    mutationFn: () => api.post(`/api/groups/${groupId}/invites`, groupInvitationSchema, {}),
    onSuccess: (_invite, _input, _result, { client }) => client.invalidateQueries({ queryKey: groupKeys.list() }),
  });

export const useCreateInvite = (groupId: number) => useMutation(createInviteMutation(groupId));
