import type { QueryClient } from "@tanstack/react-query";
import { eventKeys } from "./keys";

/** After a write the cached events lists refresh: the deck, My Events, Event History, event pages. */
export const refreshEvents = (client: QueryClient) => client.invalidateQueries({ queryKey: eventKeys.all });

/** A new answer changes the answering user's lists and that event's page, not the deck (which keeps its order). */
export function refreshAnswered(client: QueryClient, eventId: number) {
  void client.invalidateQueries({ queryKey: eventKeys.userLists() });
  void client.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
}
