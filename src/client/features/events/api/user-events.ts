import { myEventSchema, type ParticipantStatus } from "@contract/events";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api";
import { eventKeys } from "./keys";

const myEventListSchema = z.array(myEventSchema);

/** The events a user hosts or attends (My Events), or only those with one status (Settings › Event History). */
const userEventsQuery = (userId: number, status?: ParticipantStatus) =>
  queryOptions({
    queryKey: eventKeys.user(userId, status),
    queryFn: () =>
      api.get(
        status ? `/api/events/user/${userId}?status=${status}` : `/api/events/user?userId=${userId}`,
        myEventListSchema,
      ),
  });

export function useUserEvents(userId: number | undefined, status?: ParticipantStatus) {
  return useQuery({ ...userEventsQuery(userId ?? 0, status), enabled: userId !== undefined });
}
