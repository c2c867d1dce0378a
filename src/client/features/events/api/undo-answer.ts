import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** DELETE /api/event-interactions/{eventId}: the deck's undo takes the stored answer back; a mis-swipe is not final. */
const undoAnswerMutation = () =>
  mutationOptions({
    mutationFn: async (eventId: number) => {
      await api.send("DELETE", `/api/event-interactions/${eventId}`);
    },
  });

export const useUndoAnswer = () => useMutation(undoAnswerMutation());
