import { eventSchema, participantSchema, type UpdateEventBody } from "@contract/events";
import {
  type CheckInBody,
  checkInSchema,
  cohostSchema,
  type EventUpdateBody,
  eventUpdateSchema,
  guestRowSchema,
  metAtSchema,
  ticketSchema,
  type WaitlistMode,
} from "@contract/hosting";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { eventKeys, refreshEvents } from "@/features/events";
import { api } from "@/lib/api";

const hostingKeys = {
  guests: (eventId: number) => [...eventKeys.all, "guests", eventId] as const,
  updates: (eventId: number) => [...eventKeys.all, "updates", eventId] as const,
  ticket: (eventId: number) => ["ticket", eventId] as const,
};

const refresh = (client: QueryClient) => refreshEvents(client);

export const useGuests = (eventId: number, enabled: boolean) =>
  useQuery({
    queryKey: hostingKeys.guests(eventId),
    queryFn: () => api.get(`/api/events/${eventId}/guests`, z.array(guestRowSchema)),
    enabled,
  });

export const useUpdates = (eventId: number, enabled: boolean) =>
  useQuery({
    queryKey: hostingKeys.updates(eventId),
    queryFn: () => api.get(`/api/events/${eventId}/updates`, z.array(eventUpdateSchema)),
    enabled,
  });

/** The ticket is kept on the device too, so the QR code still shows at a door without signal. */
const ticketStorageKey = (eventId: number) => `link-ticket-${eventId}`;
const ticketQuery = (eventId: number) =>
  queryOptions({
    queryKey: hostingKeys.ticket(eventId),
    queryFn: async () => {
      const ticket = await api.get(`/api/events/${eventId}/ticket`, ticketSchema);
      localStorage.setItem(ticketStorageKey(eventId), ticket.code);
      return ticket;
    },
    initialData: () => {
      const code = localStorage.getItem(ticketStorageKey(eventId));
      return code ? { code } : undefined;
    },
    initialDataUpdatedAt: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useTicket = (eventId: number, enabled: boolean) => useQuery({ ...ticketQuery(eventId), enabled });

export function useAddCohost(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post(`/api/events/${eventId}/cohosts`, cohostSchema, { userId }),
    onSuccess: () => refresh(client),
  });
}

export function useRemoveCohost(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.send("DELETE", `/api/events/${eventId}/cohosts/${userId}`),
    onSuccess: () => refresh(client),
  });
}

export function useSendUpdate(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EventUpdateBody) => api.post(`/api/events/${eventId}/updates`, eventUpdateSchema, body),
    onSuccess: () => client.invalidateQueries({ queryKey: hostingKeys.updates(eventId) }),
  });
}

export function useCheckIn(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckInBody) => api.post(`/api/events/${eventId}/check-ins`, checkInSchema, body),
    onSuccess: () => client.invalidateQueries({ queryKey: hostingKeys.guests(eventId) }),
  });
}

/**
 * Going or applying with answers and plus-ones (the respond dialog). `refresh` says which reads the answer
 * changes: everything by default; the deck passes a narrower one so it keeps its order and its Undo.
 */
export function useRespondWith(
  refreshAfter: (client: QueryClient, eventId: number) => void = (client) => refresh(client),
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      eventId: number;
      userId: number;
      status: "going" | "pending" | "waitlisted";
      answers: Record<string, string>;
      guests: number;
    }) => api.post("/api/event-participants", participantSchema, body),
    onSuccess: (_, body) => refreshAfter(client, body.eventId),
  });
}

export function useConfirmSeat(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/api/events/${eventId}/seat/confirm`, participantSchema),
    onSuccess: () => refresh(client),
  });
}

/** The host's waitlist choice: a freed seat goes at once, or waits an hour for the next in line to confirm. */
export function useWaitlistMode(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (waitlistMode: WaitlistMode) => api.patch(`/api/events/${eventId}`, eventSchema, { waitlistMode }),
    onSuccess: () => refresh(client),
  });
}

export const useMetAt = (userId: number) =>
  useQuery({
    queryKey: ["met-at", userId],
    queryFn: () => api.get(`/api/users/${userId}/met-at`, z.array(metAtSchema)),
  });

/** Questions, plus-ones and the guest list's visibility, saved together. */
export function useGuestOptions(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<UpdateEventBody, "questions" | "maxGuestsPerPerson" | "guestList">) =>
      api.patch(`/api/events/${eventId}`, eventSchema, body),
    onSuccess: () => refresh(client),
  });
}
