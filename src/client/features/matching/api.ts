import type {
  MatchingBody,
  Meeting,
  MeetingChangeBody,
  matchesSchema,
  matchingSchema,
  meetingEnvelopeSchema,
  meetingSlotsSchema,
  meetingStatsSchema,
  meetingsSchema,
} from "@contract/matching";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { agendaStorageKey } from "@/lib/account-storage";
import { api } from "@/lib/api";

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
    queryFn: () => api.get<typeof matchingSchema>(`/api/events/${eventId}/matching`),
  });

export function useSaveOptIn(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchingBody) => api.put<typeof matchingSchema>(`/api/events/${eventId}/matching`, body),
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

/** The viewer's meetings are kept on the device too, so the agenda still shows at the event without signal. */
function keptMeetings(eventId: number): { meetings: Meeting[] } | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(agendaStorageKey(eventId)) ?? "null") as { meetings?: unknown } | null;
    return Array.isArray(kept?.meetings) ? { meetings: kept.meetings as Meeting[] } : undefined;
  } catch {
    return undefined;
  }
}
const meetingsQuery = (eventId: number) =>
  queryOptions({
    queryKey: matchingKeys.meetings(eventId),
    queryFn: async () => {
      const answer = await api.get<typeof meetingsSchema>(`/api/events/${eventId}/meetings`);
      try {
        localStorage.setItem(agendaStorageKey(eventId), JSON.stringify(answer));
      } catch {
        // Storage full or blocked: the agenda still shows while online.
      }
      return answer;
    },
    initialData: () => keptMeetings(eventId),
    // A kept copy shows at once and is read again from the server whenever there is one.
    initialDataUpdatedAt: 0,
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
