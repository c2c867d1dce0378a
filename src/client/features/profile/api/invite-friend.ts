import { messageSchema } from "@contract/auth";
import type { InviteFriendInput } from "@contract/friends";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

const inviteFriendMutation = () =>
  mutationOptions({
    mutationFn: (input: InviteFriendInput) => api.post("/api/friends/invite", messageSchema, input),
  });

export const useInviteFriend = () => useMutation(inviteFriendMutation());
