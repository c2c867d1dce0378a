import { participantSchema } from "@contract/events";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshEvents } from "./refresh-events";

/** A host approves or declines a join request. */
const decideMutation = () =>
  mutationOptions({
    mutationFn: ({ eventId, userId, decision }: { eventId: number; userId: number; decision: "approve" | "decline" }) =>
      api.post(`/api/events/${eventId}/requests/${userId}`, participantSchema, { decision }),
    onSuccess: (_participant, _input, _result, { client }) => refreshEvents(client),
  });

export const useDecide = () => useMutation(decideMutation());
