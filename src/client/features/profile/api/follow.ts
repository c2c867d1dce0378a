import { followStateSchema } from "@contract/follows";
import type { UserProfile } from "@contract/users";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { userKeys } from "./keys";

/** Follow or unfollow; the profile takes the answer (the viewer's state and the follower count). */
const followMutation = (userId: number) =>
  mutationOptions({
    mutationFn: (follow: boolean) =>
      follow
        ? api.post(`/api/users/${userId}/follow`, followStateSchema)
        : api.delete(`/api/users/${userId}/follow`, followStateSchema),
    onSuccess: (state, _follow, _result, { client }) =>
      client.setQueryData<UserProfile>(userKeys.profile(userId), (old) => (old ? { ...old, ...state } : old)),
  });

export const useFollow = (userId: number) => useMutation(followMutation(userId));
