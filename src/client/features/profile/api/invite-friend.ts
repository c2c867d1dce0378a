import type { messageSchema } from "@contract/auth";
import type { InviteFriendInput } from "@contract/friends";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

const inviteFriendMutation = () =>
  mutationOptions({
    mutationFn: (input: InviteFriendInput) => api.post<typeof messageSchema>("/api/friends/invite", input),
  });

export const useInviteFriend = () => useMutation(inviteFriendMutation());
