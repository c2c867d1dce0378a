import { eventSchema, type UpdateEventBody } from "@contract/events";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshEvents } from "./refresh-events";

export const updateEventMutation = (eventId: number) =>
  mutationOptions({
    mutationFn: (body: UpdateEventBody) => api.patch(`/api/events/${eventId}`, eventSchema, body),
    onSuccess: (_event, _body, _result, { client }) => refreshEvents(client),
  });

export const useUpdateEvent = (eventId: number) => useMutation(updateEventMutation(eventId));
