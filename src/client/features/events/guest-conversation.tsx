import { CONVERSATION_TEXTS } from "@contract/event-conversation";
import { EVENT_PAGE_TEXTS } from "@contract/event-page-texts";
import { BellIcon, BellOffIcon, MessagesSquareIcon } from "lucide-react";
import { useLocation } from "wouter";
import { text, useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { toast } from "@/ui/use-toast";
import { useEventConversation, useMuteConversation } from "./api";

/** The host's and going guests' group chat for this event, and its mute switch. */
export function GuestConversation({ eventId }: { eventId: number }) {
  const conversation = useEventConversation(eventId, true);
  const mute = useMuteConversation(eventId);
  const [, navigate] = useLocation();
  const t = useTexts(EVENT_PAGE_TEXTS);
  const muted = conversation.data?.muted ?? false;
  return (
    <section aria-label={text(CONVERSATION_TEXTS, "open")} className="grid gap-3 rounded-xl border border-border p-3">
      <div className="flex items-center gap-3">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/12 text-primary">
          <MessagesSquareIcon className="size-4" aria-hidden />
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">{text(CONVERSATION_TEXTS, "open")}</p>
          <p className="text-xs text-muted-foreground">
            {conversation.isError ? t("conversationFailed") : text(CONVERSATION_TEXTS, "description")}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <Button
          className="h-11 flex-1"
          disabled={!conversation.data}
          onClick={() => conversation.data && navigate(`/groups?group=${conversation.data.groupId}`)}
        >
          {t("openChat")}
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-11"
          aria-label={text(CONVERSATION_TEXTS, muted ? "unmute" : "mute")}
          aria-pressed={muted}
          disabled={!conversation.data || mute.isPending}
          onClick={() =>
            mute.mutate(!muted, {
              onSuccess: (state) => toast({ title: text(CONVERSATION_TEXTS, state.muted ? "muted" : "unmuted") }),
              onError: () =>
                toast({
                  title: text(EVENT_PAGE_TEXTS, "error"),
                  description: text(EVENT_PAGE_TEXTS, "muteFailed"),
                  variant: "destructive",
                }),
            })
          }
        >
          {muted ? <BellOffIcon aria-hidden /> : <BellIcon aria-hidden />}
        </Button>
      </div>
    </section>
  );
}
