import type { CategoryId } from "@contract/categories";
import type { FreeWindow, feedResponseSchema } from "@contract/events";
import { DECK_FIRST_PAGE } from "@contract/first-screen";
import { DISCOVER_RADIUS_KM } from "@contract/limits";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { eventKeys } from "@/features/events";
import { api } from "@/lib/api";
import { staleUnlessFirstScreen } from "@/lib/first-screen-data";

/** One deck: whose, which tab, category and search, and where. */
export interface FeedParams {
  userId: number;
  type: "social" | "networking";
  filter: CategoryId;
  q: string;
  position: { latitude: number; longitude: number } | null;
  /** "When I'm free": only events in the person's published free times in this window. */
  free?: FreeWindow | null;
}

/** Under the events' key, so an answer anywhere (which refreshes every events read) refreshes the deck too. */
export const feedKey = (params: FeedParams) => [...eventKeys.all, "feed", params] as const;

function feedUrl({ userId, type, filter, q, position, free }: FeedParams) {
  const params = new URLSearchParams({ type });
  if (free) params.set("free", free);
  if (filter !== "all") params.set("filter", filter);
  if (q) params.set("q", q);
  if (position) {
    params.set("lat", String(position.latitude));
    params.set("lng", String(position.longitude));
    params.set("radius", String(DISCOVER_RADIUS_KM));
  }
  params.set("limit", String(DECK_FIRST_PAGE.limit));
  return `/api/events/swipe/${userId}?${params}`;
}

const feedQuery = (params: FeedParams) =>
  queryOptions({
    queryKey: feedKey(params),
    queryFn: () => api.get<typeof feedResponseSchema>(feedUrl(params)),
    // The deck restarts from fresh data whenever its tab, category or search changes; the first page the page's
    // HTML arrived with is taken over, not fetched again.
    staleTime: staleUnlessFirstScreen,
  });

/** The same deck (person, tab, category, search, free times) wherever it is asked from. */
const samePlace = (a: FeedParams, b: FeedParams) =>
  JSON.stringify({ ...a, position: null }) === JSON.stringify({ ...b, position: null });

/** Null params: not ready yet (no user, or the position is still being asked). */
export function useFeed(params: FeedParams | null) {
  const asked = params ?? { userId: 0, type: "social", filter: "all", q: "", position: null };
  return useQuery({
    ...feedQuery(asked),
    enabled: params !== null,
    // The position arriving asks again for the same deck nearby: the one shown meanwhile stays until it answers.
    placeholderData: (previous, previousQuery) =>
      previousQuery && samePlace(previousQuery.queryKey[2] as FeedParams, asked) ? previous : undefined,
  });
}
