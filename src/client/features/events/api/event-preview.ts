import { eventPreviewSchema } from "@contract/event-sharing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { eventKeys } from "./keys";

/** The public preview an event's link opens for someone signed out. */
const eventPreviewQuery = (eventId: number) =>
  queryOptions({
    queryKey: [...eventKeys.all, "preview", eventId] as const,
    queryFn: () => api.get(`/api/events/${eventId}/preview`, eventPreviewSchema),
    // A 404 is an answer (a plan, a hidden event), not a hiccup to retry.
    retry: false,
  });

export function useEventPreview(eventId: number | null) {
  return useQuery({ ...eventPreviewQuery(eventId ?? 0), enabled: eventId !== null });
}
