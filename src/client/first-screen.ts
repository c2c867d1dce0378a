import { DECK_FIRST_PAGE, type FirstScreenData } from "@contract/first-screen";
import type { QueryClient } from "@tanstack/react-query";
import { authKeys } from "@/features/auth";
import { type FeedParams, feedKey } from "@/features/discover";
import { eventKeys } from "@/features/events";
import { stampFirstScreen } from "@/lib/first-screen-data";

/**
 * Fills the app's reads with the data a first screen was drawn from, under the keys its screens ask with, so
 * the app (and the server's render of it) shows that screen without fetching. A copy kept on the device is shown
 * too, then every read it filled is fetched again.
 */
export function seedFirstScreen(queryClient: QueryClient, data: FirstScreenData, { fresh }: { fresh: boolean }) {
  const updatedAt = stampFirstScreen(fresh);
  queryClient.setQueryData(authKeys.currentUser, data.user, { updatedAt });
  if (data.user && data.feed) {
    const params: FeedParams = {
      userId: data.user.id,
      type: DECK_FIRST_PAGE.type,
      filter: "all",
      q: "",
      position: null,
      free: null,
    };
    queryClient.setQueryData(feedKey(params), data.feed, { updatedAt });
  }
  if (data.user && data.myEvents) queryClient.setQueryData(eventKeys.user(data.user.id), data.myEvents, { updatedAt });
  if (data.event) queryClient.setQueryData(eventKeys.detail(data.event.id), data.event, { updatedAt });
  if (!fresh) void queryClient.invalidateQueries();
}
