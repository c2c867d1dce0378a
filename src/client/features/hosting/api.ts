import type { eventSchema, participantSchema, UpdateEventBody } from "@contract/events";
import type {
  CheckInBody,
  checkInSchema,
  cohostSchema,
  EventUpdateBody,
  eventUpdateSchema,
  guestRowSchema,
  metAtSchema,
  ticketSchema,
} from "@contract/hosting";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { eventKeys, eventPaths, refreshEvents } from "@/features/events";
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
    queryFn: () => api.get<z.ZodArray<typeof guestRowSchema>>(`/api/events/${eventId}/guests`),
    enabled,
  });

export const useUpdates = (eventId: number, enabled: boolean) =>
  useQuery({
    queryKey: hostingKeys.updates(eventId),
    queryFn: () => api.get<z.ZodArray<typeof eventUpdateSchema>>(eventPaths.updates(eventId)),
    enabled,
    // Offline the service worker answers with the copy kept on the device, as for the event itself.
    networkMode: "offlineFirst",
  });

/** The ticket is kept on the device too, so the QR code and its door code still show at a door without signal. */
const ticketStorageKey = (eventId: number) => `link-ticket-${eventId}`;
type Ticket = z.infer<typeof ticketSchema>;
/** The kept ticket, if it is one this version stores (an older copy without a door code is fetched again). */
function keptTicket(eventId: number): Ticket | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(ticketStorageKey(eventId)) ?? "null") as Partial<Ticket> | null;
    return kept?.code && kept.doorCode ? { code: kept.code, doorCode: kept.doorCode } : undefined;
  } catch {
    return undefined;
  }
}
const ticketQuery = (eventId: number) =>
  queryOptions({
    queryKey: hostingKeys.ticket(eventId),
    queryFn: async () => {
      const ticket = await api.get<typeof ticketSchema>(eventPaths.ticket(eventId));
      localStorage.setItem(ticketStorageKey(eventId), JSON.stringify(ticket));
      return ticket;
    },
    initialData: () => keptTicket(eventId),
    initialDataUpdatedAt: 0,
    staleTime: Number.POSITIVE_INFINITY,
    networkMode: "offlineFirst",
  });
export const useTicket = (eventId: number, enabled: boolean) => useQuery({ ...ticketQuery(eventId), enabled });

/** `?scope=following` when the event is a series' date: a co-host helps with this and the later dates. */
const seriesScope = (event: { seriesId: number | null }) => (event.seriesId == null ? "" : "?scope=following");

export function useAddCohost(event: { id: number; seriesId: number | null }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api.post<typeof cohostSchema>(`/api/events/${event.id}/cohosts${seriesScope(event)}`, { userId }),
    onSuccess: () => refresh(client),
  });
}

export function useRemoveCohost(event: { id: number; seriesId: number | null }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api.send("DELETE", `/api/events/${event.id}/cohosts/${userId}${seriesScope(event)}`),
    onSuccess: () => refresh(client),
  });
}

export function useSendUpdate(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EventUpdateBody) => api.post<typeof eventUpdateSchema>(`/api/events/${eventId}/updates`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: hostingKeys.updates(eventId) }),
  });
}

export function useCheckIn(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckInBody) => api.post<typeof checkInSchema>(`/api/events/${eventId}/check-ins`, body),
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
    }) => api.post<typeof participantSchema>("/api/event-participants", body),
    onSuccess: (_, body) => refreshAfter(client, body.eventId),
  });
}

export function useConfirmSeat(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<typeof participantSchema>(`/api/events/${eventId}/seat/confirm`),
    onSuccess: () => refresh(client),
  });
}

export const useMetAt = (userId: number) =>
  useQuery({
    queryKey: ["met-at", userId],
    queryFn: () => api.get<z.ZodArray<typeof metAtSchema>>(`/api/users/${userId}/met-at`),
  });

/** Questions, plus-ones, the guest list's visibility and the waitlist's mode, saved together (`following`: the later dates too). */
export function useGuestOptions(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      following,
      ...body
    }: Pick<UpdateEventBody, "questions" | "maxGuestsPerPerson" | "guestList" | "waitlistMode"> & {
      following: boolean;
    }) => api.patch<typeof eventSchema>(`/api/events/${eventId}${following ? "?scope=following" : ""}`, body),
    onSuccess: () => refresh(client),
  });
}
