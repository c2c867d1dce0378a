import type { ParticipantStatus } from "@contract/events";
import { useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/api";
import { toast } from "@/ui/use-toast";
import { refreshEvents, useRespond } from "./api";

/** Answers an event and says so: the answer's toast (or why it failed), then every event list reads again. */
export function useRespondNow() {
  const respond = useRespond();
  const queryClient = useQueryClient();
  const respondNow = (event: { id: number; title: string }, userId: number, status: ParticipantStatus, done: string) =>
    respond.mutate(
      { eventId: event.id, userId, status },
      {
        onSuccess: () => {
          toast({ title: done, description: event.title });
          void refreshEvents(queryClient);
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error) ?? "Failed to update your response",
            variant: "destructive",
          }),
      },
    );
  return { respondNow, isPending: respond.isPending };
}
