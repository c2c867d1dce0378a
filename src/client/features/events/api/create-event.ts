import { type CreateEventBody, eventSchema } from "@contract/events";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshEvents } from "./refresh-events";

const createEventMutation = () =>
  mutationOptions({
    mutationFn: (body: CreateEventBody) => api.post("/api/events", eventSchema, body),
    onSuccess: (_event, _body, _result, { client }) => refreshEvents(client),
  });

export const useCreateEvent = () => useMutation(createEventMutation());
