import type { QueryClient } from "@tanstack/react-query";
import { clearAccountStorage } from "@/lib/account-storage";
import { clearQueue } from "@/lib/offline-queue";
import { setSignedIn } from "./api/current-user";
import { authKeys } from "./api/keys";

/**
 * Sign-out, or the session is gone on the server (account deleted, password reset, session revoked): drop
 * everything of the account this device holds (queries, stored notifications, queued sends) and mark it
 * signed out, so the protected routes send the person to /auth.
 */
export function signOutLocally(client: QueryClient) {
  clearQueue();
  clearAccountStorage();
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.currentUser[0] });
  setSignedIn(client, null);
}
