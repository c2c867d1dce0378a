import type { eventDetailSchema } from "@contract/events";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { eventKeys } from "./keys";
import { eventPaths } from "./paths";

const eventQuery = (eventId: number) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: () => api.get<typeof eventDetailSchema>(eventPaths.detail(eventId)),
    // Offline the read still goes to the service worker, which answers with the copy kept on the device (if any).
    networkMode: "offlineFirst",
  });

export function useEvent(eventId: number | null) {
  return useQuery({ ...eventQuery(eventId ?? 0), enabled: eventId !== null });
}
