import { type GroupAvailabilityBody, groupAvailabilitySchema } from "@contract/groups";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { availabilityKeys } from "@/features/availability";
import { api } from "@/lib/api";
import { groupKeys } from "./keys";

const groupAvailabilityQuery = (groupId: number, date: string) =>
  queryOptions({
    queryKey: groupKeys.availability(groupId, date),
    queryFn: () => api.get(`/api/groups/${groupId}/availability?date=${date}`, groupAvailabilitySchema),
  });

export function useGroupAvailability(groupId: number | null, date: string) {
  return useQuery({ ...groupAvailabilityQuery(groupId ?? 0, date), enabled: groupId != null && Boolean(date) });
}

/** The answer is the day's availability as it now stands: it replaces the cached one. */
const saveGroupAvailabilityMutation = (groupId: number | null) =>
  mutationOptions({
    mutationFn: (body: GroupAvailabilityBody) =>
      api.post(`/api/groups/${groupId}/availability`, groupAvailabilitySchema, body),
    onSuccess: (data, _body, _result, { client }) => {
      client.setQueryData(groupKeys.availability(groupId ?? 0, data.date), data);
      // The group's availability is the person's own: My Availability and every other group change with it.
      void client.invalidateQueries({ queryKey: availabilityKeys.all });
      void client.invalidateQueries({ queryKey: groupKeys.all, predicate: (q) => q.queryKey.includes("availability") });
    },
  });

export const useSaveGroupAvailability = (groupId: number | null) => useMutation(saveGroupAvailabilityMutation(groupId));
