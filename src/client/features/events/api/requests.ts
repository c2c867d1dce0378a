import { pendingRequestSchema } from "@contract/events";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api";
import { eventKeys } from "./keys";

const pendingRequestListSchema = z.array(pendingRequestSchema);

/** A host's pending join requests for one event. */
const requestsQuery = (eventId: number) =>
  queryOptions({
    queryKey: eventKeys.requests(eventId),
    queryFn: () => api.get(`/api/events/${eventId}/requests`, pendingRequestListSchema),
  });

export const useRequests = (eventId: number) => useQuery(requestsQuery(eventId));
