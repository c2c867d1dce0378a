import { eventSchema, type UpdateEventBody } from "@contract/events";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshEvents } from "./refresh-events";

const updateEventMutation = (eventId: number) =>
  mutationOptions({
    /** `following`: this occurrence and the later ones of its series. */
    mutationFn: ({ following, ...body }: UpdateEventBody & { following?: boolean }) =>
      api.patch(`/api/events/${eventId}${following ? "?scope=following" : ""}`, eventSchema, body),
    onSuccess: (_event, _body, _result, { client }) => refreshEvents(client),
  });

export const useUpdateEvent = (eventId: number) => useMutation(updateEventMutation(eventId));
