import { type CreateGroupEventInput, eventSchema } from "@contract/events";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { eventKeys } from "@/features/events";
import { api } from "@/lib/api";
import { groupKeys } from "./keys";

/** Group planning: POST /api/events with the group's id; the group's events and every events list change. */
const createGroupEventMutation = () =>
  mutationOptions({
    mutationFn: (body: CreateGroupEventInput) => api.post("/api/events", eventSchema, body),
    onSuccess: (_event, body, _result, { client }) => {
      void client.invalidateQueries({ queryKey: groupKeys.events(body.groupId) });
      void client.invalidateQueries({ queryKey: eventKeys.all });
    },
  });

export const useCreateGroupEvent = () => useMutation(createGroupEventMutation());
