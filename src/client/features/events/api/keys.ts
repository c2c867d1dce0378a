import type { ParticipantStatus } from "@contract/events";

/**
 * Every cached events read sits under `eventKeys.all`, so one invalidation refreshes the deck, My Events,
 * Settings › Event History and event pages alike.
 */
export const eventKeys = {
  all: ["events"] as const,
  /** Every user's event lists (My Events, Event History): what a new answer in the deck changes. */
  userLists: () => [...eventKeys.all, "user"] as const,
  user: (userId: number, status?: ParticipantStatus) => [...eventKeys.userLists(), userId, status ?? "all"] as const,
  detail: (eventId: number) => [...eventKeys.all, "detail", eventId] as const,
  conversation: (eventId: number) => [...eventKeys.all, "conversation", eventId] as const,
  requests: (eventId: number) => [...eventKeys.all, "requests", eventId] as const,
};

/** The place picker's searches; answers never go stale (the gazetteer doesn't change). */
export const placeKeys = {
  all: ["places"] as const,
  cities: (query: string) => [...placeKeys.all, "cities", query.toLowerCase()] as const,
  addresses: (query: string) => [...placeKeys.all, "addresses", query.toLowerCase()] as const,
};
