import type { QueryClient } from "@tanstack/react-query";
import type { RealtimeConnection } from "@/lib/realtime/connection";
import { friendKeys } from "./api/keys";

/**
 * A friend request sent, accepted or declined elsewhere arrives as a notification: every screen showing
 * a friendship (a profile's Requested, the friends list, the requests) re-reads it at once.
 */
export function syncFriends(connection: RealtimeConnection, qc: QueryClient): () => void {
  return connection.subscribe("notification", ({ notification }) => {
    if (notification.type === "friend_request") void qc.invalidateQueries({ queryKey: friendKeys.all });
  });
}
