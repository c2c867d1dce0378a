import { eventDetailSchema } from "@contract/events";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { eventKeys } from "./keys";

const eventQuery = (eventId: number) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: () => api.get(`/api/events/${eventId}`, eventDetailSchema),
  });

export function useEvent(eventId: number | null) {
  return useQuery({ ...eventQuery(eventId ?? 0), enabled: eventId !== null });
}
