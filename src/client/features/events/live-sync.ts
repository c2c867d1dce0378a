import type { NotificationType } from "@contract/notifications";
import type { QueryClient } from "@tanstack/react-query";
import type { RealtimeConnection } from "@/lib/realtime/connection";
import { eventKeys } from "./api/keys";

/** Notifications that say an event or someone's place in it changed. */
const EVENT_CHANGES: ReadonlySet<NotificationType> = new Set([
  "event_update",
  "event_canceled",
  "new_participant",
  "participant_update",
]);

/**
 * When the bell learns that a host approved a request (or an event changed), the event's card, page and
 * My Events learn it too: every events read is re-read at once instead of waiting to go stale.
 */
export function syncEvents(connection: RealtimeConnection, qc: QueryClient): () => void {
  return connection.subscribe("notification", ({ notification }) => {
    if (EVENT_CHANGES.has(notification.type)) void qc.invalidateQueries({ queryKey: eventKeys.all });
  });
}
