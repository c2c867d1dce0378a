import { DISCOVER_TEXTS } from "@contract/discover-texts";
import type { ParticipantStatus } from "@contract/events";
import { useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/api";
import { text } from "@/lib/i18n";
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
            title: text(DISCOVER_TEXTS, "error"),
            description: errorMessage(error) ?? text(DISCOVER_TEXTS, "answerFailed"),
            variant: "destructive",
          }),
      },
    );
  return { respondNow, isPending: respond.isPending };
}
