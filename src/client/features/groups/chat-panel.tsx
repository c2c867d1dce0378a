import { CHAT_MESSAGE_MAX, CHAT_TEXTS } from "@contract/chat";
import { MESSAGE_REMOVED_TEXT } from "@contract/safety";
import { Clock, SendHorizontal } from "lucide-react";
import { type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useAuth } from "@/features/auth";
import { ReportButton } from "@/features/safety";
import { useOnline } from "@/features/shell";
import { errorMessage, errorStatus } from "@/lib/api";
import { formatMessageTime } from "@/lib/format-date";
import { enqueue, isNetworkFailure, type QueuedChatMessage, useQueuedActions } from "@/lib/offline-queue";
import { useRealtime } from "@/lib/realtime/provider";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/use-toast";
import { useChatMessages, useMarkRead, useSendMessage } from "./api";
import { PlanCard, planCardOf } from "./plan-card";

/** Spec 02 §2 Chat: a 75vh panel, capped so its input never hides under the bottom bar; Enter sends; blank text is not sent; scrolling up loads older pages. */
export function ChatPanel({ groupId, groupName }: { groupId: number; groupName: string }) {
  const { user } = useAuth();
  const socket = useRealtime();
  const online = useOnline();
  const { data, isLoading, fetchNextPage, hasNextPage, isFetchingNextPage } = useChatMessages(groupId);
  const send = useSendMessage();
  const markRead = useMarkRead();
  const [text, setText] = useState("");
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);

  const messages = useMemo(() => (data ? [...data.pages].reverse().flat() : []), [data]);
  // Written offline (issue 14.1): shown after the stored ones until the app is back online and sends them.
  const queued = useQueuedActions(user?.id);
  const pending = useMemo(
    () => queued.filter((a): a is QueuedChatMessage => a.kind === "chat" && a.groupId === groupId),
    [queued, groupId],
  );
  const newestId = messages.at(-1)?.id;

  // Older pages are prepended: keep the reader where they were. New ones at the bottom: follow if at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the rendered messages
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBeforeOlder.current != null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages, pending]);

  const markReadMutate = markRead.mutate;
  useEffect(() => {
    if (newestId) markReadMutate({ groupId, messageId: newestId });
  }, [groupId, newestId, markReadMutate]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    if (el.scrollTop < 40 && hasNextPage && !isFetchingNextPage) {
      heightBeforeOlder.current = el.scrollHeight;
      void fetchNextPage();
    }
  };

  const submit = () => {
    const message = text.trim();
    if (!message || send.isPending || !user) return;
    stickToBottom.current = true;
    if (!navigator.onLine) {
      enqueue(user.id, { kind: "chat", groupId, message });
      setText("");
      return;
    }
    send.mutate(
      { groupId, message },
      {
        onSuccess: () => setText(""),
        onError: (error) => {
          // The connection dropped mid-send: queued, and checked against the stored messages before resending.
          if (isNetworkFailure(error)) {
            enqueue(user.id, { kind: "chat", groupId, message }, { attempted: true });
            setText("");
            return;
          }
          // A 429 carries the server's "Too many messages, try again in N s": that is what the person needs to read.
          const description =
            errorStatus(error) === 429 ? (errorMessage(error) ?? CHAT_TEXTS.sendFailed) : CHAT_TEXTS.sendFailed;
          toast({ title: "Error", description, variant: "destructive" });
        },
      },
    );
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <section
      className="flex h-[min(75vh,calc(100dvh-16.5rem-var(--offline-banner-height,0px)))] flex-col overflow-hidden rounded-xl border bg-card"
      aria-label={`Chat in ${groupName}`}
    >
      <header className="flex items-center justify-between border-b px-4 py-2.5">
        <h2 className="truncate font-semibold">{groupName}</h2>
        <span
          className={cn(
            "flex items-center gap-1.5 text-xs",
            socket.connected ? "text-emerald-700 dark:text-emerald-400" : "text-muted-foreground",
          )}
        >
          <span className={cn("size-2 rounded-full", socket.connected ? "bg-emerald-500" : "bg-muted-foreground/50")} />
          {socket.connected ? "Live" : online ? "Connecting…" : "Offline"}
        </span>
      </header>
      <div
        ref={scroller}
        onScroll={onScroll}
        className="flex-1 space-y-3 overflow-y-auto px-3 py-3"
        data-testid="chat-messages"
      >
        {isFetchingNextPage && <Spinner className="mx-auto" />}
        {!hasNextPage && messages.length > 0 && (
          <p className="text-center text-xs text-muted-foreground">Start of the conversation</p>
        )}
        {isLoading && <Spinner className="mx-auto mt-8" />}
        {!isLoading && messages.length === 0 && pending.length === 0 && (
          <p className="mt-10 text-center text-sm text-muted-foreground">No messages yet. Say hello!</p>
        )}
        {messages.map((m) => {
          const planId = planCardOf(m);
          if (planId !== null) {
            return (
              <div key={m.id} className="flex justify-center" data-testid="chat-message">
                <PlanCard groupId={groupId} eventId={planId} />
              </div>
            );
          }
          const mine = m.userId === user?.id;
          return (
            <div
              key={m.id}
              className={cn("flex flex-col", mine ? "items-end" : "items-start")}
              data-testid="chat-message"
            >
              <div className="mb-0.5 flex items-baseline gap-2 px-1 text-xs text-muted-foreground">
                <span className="font-medium text-foreground/80">{mine ? "You" : m.userName}</span>
                <time dateTime={m.sentAt}>{formatMessageTime(m.sentAt, user?.timezone)}</time>
                {!mine && m.message !== MESSAGE_REMOVED_TEXT && (
                  <ReportButton targetType="message" targetId={m.id} label={`Report message from ${m.userName}`} />
                )}
              </div>
              <p
                className={cn(
                  "max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm",
                  mine ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-muted",
                  m.message === MESSAGE_REMOVED_TEXT && "italic opacity-70",
                )}
              >
                {m.message}
              </p>
            </div>
          );
        })}
        {pending.map((m) => (
          <div key={m.key} className="flex flex-col items-end" data-testid="chat-message-pending">
            <div className="mb-0.5 flex items-center gap-1 px-1 text-xs text-muted-foreground">
              <Clock className="size-3" aria-hidden />
              <span>Pending · sends when you're online</span>
            </div>
            <p className="max-w-[80%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm border border-dashed border-primary/60 bg-primary/10 px-3 py-2 text-sm">
              {m.message}
            </p>
          </div>
        ))}
      </div>
      <form
        className="flex gap-2 border-t p-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Input
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type a message…"
          maxLength={CHAT_MESSAGE_MAX}
          aria-label="Message"
        />
        <Button type="submit" size="icon" disabled={!text.trim() || send.isPending} aria-label="Send">
          <SendHorizontal />
        </Button>
      </form>
    </section>
  );
}
