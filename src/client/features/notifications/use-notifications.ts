import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "@/features/auth";
import { useRealtime } from "@/lib/realtime/provider";
import { notificationKeys } from "./api/keys";
import { fetchNotifications, readStoredNotifications, storeNotifications } from "./notifications-cache";

/** While the socket is down, a visible tab asks the server every 15 s instead of waiting for pushes. */
const NOTIFICATIONS_POLL_MS = 15_000;

export function useNotifications() {
  const { user } = useAuth();
  const { connected } = useRealtime();
  const query = useQuery({
    queryKey: notificationKeys.list,
    queryFn: () => fetchNotifications(),
    enabled: Boolean(user),
    // What was persisted on this device shows at once while the server answers.
    placeholderData: () => (user ? readStoredNotifications(user.id) : undefined),
    // refetchIntervalInBackground stays false: a hidden tab doesn't poll.
    refetchInterval: connected ? false : NOTIFICATIONS_POLL_MS,
  });

  useEffect(() => {
    if (user && query.data && !query.isPlaceholderData) storeNotifications(user.id, query.data);
  }, [user, query.data, query.isPlaceholderData]);

  return query;
}
