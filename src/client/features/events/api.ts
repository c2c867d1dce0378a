import type { CategoryId } from "@contract/categories";
import type {
  CreateEventBody,
  Event,
  EventDetail,
  FeedResponse,
  MyEvent,
  Participant,
  ParticipantStatus,
  UpdateEventBody,
  UserSummary,
} from "@contract/events";
import { DISCOVER_RADIUS_KM } from "@contract/limits";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api";
import { queryClient } from "@/lib/query-client";

/** Every events read sits under this key prefix, so one invalidation refreshes feeds, My Events and pages. */
export const EVENTS_KEY = "/api/events";
export const PARTICIPANTS_KEY = "/api/event-participants";

export interface FeedParams {
  userId: number;
  type: "social" | "networking";
  filter: CategoryId;
  q: string;
  position: { latitude: number; longitude: number } | null;
}

export function feedUrl({ userId, type, filter, q, position }: FeedParams) {
  const params = new URLSearchParams({ type });
  if (filter !== "all") params.set("filter", filter);
  if (q) params.set("q", q);
  if (position) {
    params.set("lat", String(position.latitude));
    params.set("lng", String(position.longitude));
    params.set("radius", String(DISCOVER_RADIUS_KM));
  }
  params.set("limit", "50");
  return `${EVENTS_KEY}/swipe/${userId}?${params}`;
}

export function useFeed(params: FeedParams | null) {
  return useQuery({
    queryKey: [EVENTS_KEY, "swipe", params],
    queryFn: () => apiJson<FeedResponse>("GET", feedUrl(params as FeedParams)),
    enabled: params !== null,
    // The deck restarts from fresh data whenever its tab, category or search changes (spec 01 §4).
    staleTime: 0,
  });
}

export function refreshEvents() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [EVENTS_KEY] }),
    queryClient.invalidateQueries({ queryKey: [PARTICIPANTS_KEY] }),
  ]);
}

/** POST /api/event-participants; callers decide whether lists refresh right away (the deck keeps its order). */
export function useRespond() {
  return useMutation({
    mutationFn: (input: { eventId: number; userId: number; status: ParticipantStatus }) =>
      apiJson<Participant>("POST", PARTICIPANTS_KEY, input),
  });
}

/** DELETE /api/event-interactions/{eventId}: the deck's undo takes the stored answer back (issue 12.5). */
export function useUndoAnswer() {
  return useMutation({
    mutationFn: async (eventId: number) => {
      await apiRequest("DELETE", `/api/event-interactions/${eventId}`);
    },
  });
}

export function useUserEvents(userId: number | undefined) {
  return useQuery({
    queryKey: [EVENTS_KEY, "user", userId],
    queryFn: () => apiJson<MyEvent[]>("GET", `${EVENTS_KEY}/user?userId=${userId}`),
    enabled: userId !== undefined,
  });
}

export function useEvent(id: number | null) {
  return useQuery({
    queryKey: [EVENTS_KEY, "detail", id],
    queryFn: () => apiJson<EventDetail>("GET", `${EVENTS_KEY}/${id}`),
    enabled: id !== null,
  });
}

export interface PendingRequest {
  eventId: number;
  user: UserSummary;
  requestedAt: string;
}

export function useRequests(eventId: number, enabled: boolean) {
  return useQuery({
    queryKey: [EVENTS_KEY, "requests", eventId],
    queryFn: () => apiJson<PendingRequest[]>("GET", `${EVENTS_KEY}/${eventId}/requests`),
    enabled,
  });
}

export function useDecide() {
  return useMutation({
    mutationFn: (input: { eventId: number; userId: number; decision: "approve" | "decline" }) =>
      apiJson<Participant>("POST", `${EVENTS_KEY}/${input.eventId}/requests/${input.userId}`, {
        decision: input.decision,
      }),
    onSuccess: refreshEvents,
  });
}

export function useCreateEvent() {
  return useMutation({
    mutationFn: (body: CreateEventBody) => apiJson<Event>("POST", EVENTS_KEY, body),
    onSuccess: refreshEvents,
  });
}

export function useUpdateEvent(id: number) {
  return useMutation({
    mutationFn: (body: UpdateEventBody) => apiJson<Event>("PATCH", `${EVENTS_KEY}/${id}`, body),
    onSuccess: refreshEvents,
  });
}

export function useCancelEvent(id: number) {
  return useMutation({
    mutationFn: () => apiJson<Event>("DELETE", `${EVENTS_KEY}/${id}`),
    onSuccess: refreshEvents,
  });
}
