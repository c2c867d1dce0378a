import { currentUserSchema } from "@contract/users";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { updateCurrentUser } from "@/features/auth";
import { api } from "@/lib/api";

/** The profile zone every time in the app is shown in; the answer is the updated current user. */
const saveTimezoneMutation = (userId: number) =>
  mutationOptions({
    mutationFn: (timezone: string) => api.patch(`/api/users/${userId}/timezone`, currentUserSchema, { timezone }),
    onSuccess: (updated, _timezone, _result, { client }) => updateCurrentUser(client, updated),
  });

export const useSaveTimezone = (userId: number) => useMutation(saveTimezoneMutation(userId));
