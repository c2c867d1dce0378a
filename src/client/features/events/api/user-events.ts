import type { myEventSchema, ParticipantStatus } from "@contract/events";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api";
import { eventKeys } from "./keys";
import { eventPaths } from "./paths";

/** The events a user hosts or attends (My Events), or only those with one status (Settings › Event History). */
const userEventsQuery = (userId: number, status?: ParticipantStatus) =>
  queryOptions({
    queryKey: eventKeys.user(userId, status),
    queryFn: () => api.get<z.ZodArray<typeof myEventSchema>>(eventPaths.userList(userId, status)),
    // Offline the read still goes to the service worker, which answers with the copy it kept (if any).
    networkMode: "offlineFirst",
  });

export function useUserEvents(userId: number | undefined, status?: ParticipantStatus) {
  return useQuery({ ...userEventsQuery(userId ?? 0, status), enabled: userId !== undefined });
}
