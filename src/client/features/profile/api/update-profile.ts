import { currentUserSchema, type UpdateProfileInput } from "@contract/users";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { updateCurrentUser } from "@/features/auth";
import { api } from "@/lib/api";
import { userKeys } from "./keys";

const updateProfileMutation = (userId: number) =>
  mutationOptions({
    mutationFn: (input: UpdateProfileInput) => api.patch(`/api/users/${userId}`, currentUserSchema, input),
    onSuccess: (user, _input, _result, { client }) => {
      updateCurrentUser(client, user);
      void client.invalidateQueries({ queryKey: userKeys.profile(userId) });
    },
  });

export const useUpdateProfile = (userId: number) => useMutation(updateProfileMutation(userId));
