import { type ParticipantBody, participantSchema } from "@contract/events";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** POST /api/event-participants; callers decide whether lists refresh right away (the deck keeps its order). */
const respondMutation = () =>
  mutationOptions({
    mutationFn: (body: ParticipantBody) => api.post("/api/event-participants", participantSchema, body),
  });

export const useRespond = () => useMutation(respondMutation());
