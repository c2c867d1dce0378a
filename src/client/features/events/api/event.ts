import type { eventDetailSchema } from "@contract/events";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { eventKeys } from "./keys";

const eventQuery = (eventId: number) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: () => api.get<typeof eventDetailSchema>(`/api/events/${eventId}`),
  });

export function useEvent(eventId: number | null) {
  return useQuery({ ...eventQuery(eventId ?? 0), enabled: eventId !== null });
}
