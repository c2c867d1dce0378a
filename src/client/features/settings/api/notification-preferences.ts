import { type NotificationPreferences, notificationPreferencesSchema } from "@contract/push";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { settingsKeys } from "./keys";

const key = settingsKeys.notificationPreferences;

const notificationPreferencesQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: () => api.get("/api/notification-preferences", notificationPreferencesSchema),
  });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery());

/** A switch flips at once; a refused save puts the previous preferences back. */
const saveNotificationPreferencesMutation = () =>
  mutationOptions({
    mutationFn: (next: NotificationPreferences) =>
      api.put("/api/notification-preferences", notificationPreferencesSchema, next),
    onMutate: (next, { client }) => {
      const previous = client.getQueryData<NotificationPreferences>(key);
      client.setQueryData(key, next);
      return { previous };
    },
    onError: (_error, _next, result, { client }) => {
      if (result?.previous) client.setQueryData(key, result.previous);
    },
    onSuccess: (saved, _next, _result, { client }) => client.setQueryData(key, saved),
  });

/** `onRefused` runs for every refused save, also one overtaken by a later switch. */
export function useSaveNotificationPreferences(onRefused: () => void) {
  const options = saveNotificationPreferencesMutation();
  return useMutation({
    ...options,
    onError: (...args) => {
      options.onError?.(...args);
      onRefused();
    },
  });
}
