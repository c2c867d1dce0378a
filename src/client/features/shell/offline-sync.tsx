import type { ChatMessage } from "@contract/chat";
import { SHELL_TEXTS } from "@contract/shell-texts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "@/features/auth";
import { refreshAnswered } from "@/features/events";
import { addMessagesToCache } from "@/features/groups";
import { errorMessage } from "@/lib/api";
import { text } from "@/lib/i18n";
import { drainQueue, useQueuedActions } from "@/lib/offline-queue";
import { toast } from "@/ui/use-toast";
import { useOnline } from "./use-online";

/** Sends what was queued offline as soon as the app is online with a signed-in person (on load and on reconnect). */
export function OfflineSync() {
  const online = useOnline();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id;
  // Also drains when something is queued while the browser still counts itself online (a send that dropped).
  const queuedCount = useQueuedActions(userId).length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: queuedCount is the trigger, read by drainQueue itself
  useEffect(() => {
    if (!online || userId === undefined) return;
    void drainQueue(userId, {
      onChatSent: (message: ChatMessage) => addMessagesToCache(queryClient, message.groupId, [message]),
      onSwipeSent: (swipe) => refreshAnswered(queryClient, swipe.eventId),
      onRejected: (action, error) =>
        toast({
          title: text(SHELL_TEXTS, action.kind === "chat" ? "messageNotSent" : "answerNotSaved"),
          description: errorMessage(error) ?? undefined,
          variant: "destructive",
        }),
    });
  }, [online, userId, queryClient, queuedCount]);

  return null;
}
