import type { QueryClient } from "@tanstack/react-query";
import { CURRENT_USER_KEY } from "@/features/auth/use-auth";
import { clearOfflineApiCache } from "@/lib/offline-api";
import { clearQueue } from "@/lib/offline-queue";
import { queryClient as appQueryClient } from "@/lib/query-client";

/**
 * The session is gone on the server (account deleted, password reset, session revoked): drop
 * everything of the account this tab holds (queries, offline copies, queued sends) and mark it
 * signed out, so the protected routes send the person to /auth.
 */
export function signOutLocally(queryClient: QueryClient = appQueryClient) {
  clearQueue();
  void clearOfflineApiCache();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
  queryClient.setQueryData(CURRENT_USER_KEY, null);
  queryClient.setQueryData(["/api/users/current"], null);
}
