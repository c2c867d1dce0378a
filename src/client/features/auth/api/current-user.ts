import type { CurrentUser, currentUserSchema } from "@contract/users";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api, errorStatus } from "@/lib/api";
import { clearOfflineApiCache } from "@/lib/offline-keep";
import { authKeys } from "./keys";

/** GET /api/user; a 401 means signed out (null), not an error. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.currentUser,
    queryFn: async (): Promise<CurrentUser | null> => {
      try {
        return await api.get<typeof currentUserSchema>("/api/user");
      } catch (error) {
        if (errorStatus(error) === 401) return null;
        throw error;
      }
    },
  });

/** The signed-in person's own edits (profile, time zone) answer the updated user. */
export function updateCurrentUser(client: QueryClient, user: CurrentUser) {
  client.setQueryData(authKeys.currentUser, user);
}

/** A sign-in or sign-out (null). */
export function setSignedIn(client: QueryClient, user: CurrentUser | null) {
  // The offline copies of API reads belong to whoever was signed in; a sign-in or sign-out drops them, so
  // the next person on a shared device never sees them.
  void clearOfflineApiCache();
  client.setQueryData(authKeys.currentUser, user);
}
