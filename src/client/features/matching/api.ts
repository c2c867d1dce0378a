import type {
  MatchingBody,
  MeetingChangeBody,
  matchesSchema,
  matchingSchema,
  meetingEnvelopeSchema,
  meetingSlotsSchema,
  meetingStatsSchema,
  meetingsSchema,
} from "@contract/matching";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

/**
 * The paths of an event's People to meet reads, written once: the queries read them, and My Events keeps the
 * opt-in and the agenda of an event one goes to on the device under the same paths.
 */
export const matchingPaths = {
  optIn: (eventId: number) => `/api/events/${eventId}/matching`,
  meetings: (eventId: number) => `/api/events/${eventId}/meetings`,
};

const matchingKeys = {
  all: ["matching"] as const,
  event: (eventId: number) => [...matchingKeys.all, eventId] as const,
  optIn: (eventId: number) => [...matchingKeys.event(eventId), "opt-in"] as const,
  matches: (eventId: number) => [...matchingKeys.event(eventId), "matches"] as const,
  meetings: (eventId: number) => [...matchingKeys.event(eventId), "meetings"] as const,
  slots: (eventId: number, withUserId: number) => [...matchingKeys.event(eventId), "slots", withUserId] as const,
  stats: (eventId: number) => [...matchingKeys.event(eventId), "stats"] as const,
};

/** Everything People to meet shows of one event: what a request, an answer or an opt-in may change. */
const refresh = (client: QueryClient, eventId: number) =>
  client.invalidateQueries({ queryKey: matchingKeys.event(eventId) });

export const useOptIn = (eventId: number) =>
  useQuery({
    queryKey: matchingKeys.optIn(eventId),
    queryFn: () => api.get<typeof matchingSchema>(matchingPaths.optIn(eventId)),
    networkMode: "offlineFirst",
  });

export function useSaveOptIn(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchingBody) => api.put<typeof matchingSchema>(matchingPaths.optIn(eventId), body),
    onSuccess: (saved) => {
      client.setQueryData(matchingKeys.optIn(eventId), saved);
      return refresh(client, eventId);
    },
  });
}

export const useMatches = (eventId: number, enabled: boolean) =>
  useQuery({
    queryKey: matchingKeys.matches(eventId),
    queryFn: () => api.get<typeof matchesSchema>(`/api/events/${eventId}/matches`),
    enabled,
  });

export const useMeetingSlots = (eventId: number, withUserId: number, enabled: boolean) =>
  useQuery({
    queryKey: matchingKeys.slots(eventId, withUserId),
    queryFn: () => api.get<typeof meetingSlotsSchema>(`/api/events/${eventId}/meeting-slots?withUserId=${withUserId}`),
    enabled,
    staleTime: 0,
  });

const meetingsQuery = (eventId: number) =>
  queryOptions({
    queryKey: matchingKeys.meetings(eventId),
    queryFn: () => api.get<typeof meetingsSchema>(matchingPaths.meetings(eventId)),
    // Offline the service worker answers with the agenda kept on the device (My Events keeps it).
    networkMode: "offlineFirst",
  });
export const useMeetings = (eventId: number, enabled: boolean) => useQuery({ ...meetingsQuery(eventId), enabled });

export function useAskToMeet(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { withUserId: number; startsAt: string; note?: string }) =>
      api.post<typeof meetingEnvelopeSchema>(`/api/events/${eventId}/meetings`, body),
    onSettled: () => refresh(client, eventId),
  });
}

export function useChangeMeeting(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MeetingChangeBody & { id: number }) =>
      api.patch<typeof meetingEnvelopeSchema>(`/api/meetings/${id}`, body),
    onSettled: () => refresh(client, eventId),
  });
}

export const useMeetingStats = (eventId: number) =>
  useQuery({
    queryKey: matchingKeys.stats(eventId),
    queryFn: () => api.get<typeof meetingStatsSchema>(`/api/events/${eventId}/meeting-stats`),
  });
