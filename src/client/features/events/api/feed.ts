import { feedResponseSchema } from "@contract/events";
import { DISCOVER_RADIUS_KM } from "@contract/limits";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { eventKeys, type FeedParams } from "./keys";

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
  params.set("limit", "50");
  return `/api/events/swipe/${userId}?${params}`;
}

const feedQuery = (params: FeedParams) =>
  queryOptions({
    queryKey: eventKeys.feed(params),
    queryFn: () => api.get(feedUrl(params), feedResponseSchema),
    // The deck restarts from fresh data whenever its tab, category or search changes.
    staleTime: 0,
  });

/** Null params: not ready yet (no user, or the position is still being asked). */
export function useFeed(params: FeedParams | null) {
  const options = feedQuery(params ?? { userId: 0, type: "social", filter: "all", q: "", position: null });
  return useQuery({ ...options, enabled: params !== null });
}
