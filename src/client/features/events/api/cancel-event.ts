import { eventSchema } from "@contract/events";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshEvents } from "./refresh-events";

const cancelEventMutation = (eventId: number) =>
  mutationOptions({
    /** `following`: this occurrence and the later ones of its series. */
    mutationFn: (scope?: { following: boolean }) =>
      api.delete(`/api/events/${eventId}${scope?.following ? "?scope=following" : ""}`, eventSchema),
    onSuccess: (_event, _input, _result, { client }) => refreshEvents(client),
  });

export const useCancelEvent = (eventId: number) => useMutation(cancelEventMutation(eventId));
