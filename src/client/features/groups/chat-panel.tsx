import { CHAT_MESSAGE_MAX, CHAT_TEXTS, typingText } from "@contract/chat";
import { CHAT_PANEL_TEXTS } from "@contract/groups-texts";
import { TYPING_SEND_INTERVAL_MS } from "@contract/limits";
import { SHELL_TEXTS } from "@contract/shell-texts";
import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle, ArrowLeft, Clock, SendHorizontal } from "lucide-react";
import { type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useAuth } from "@/features/auth";
import { useBlockedIds } from "@/features/safety";
import { useOnline } from "@/features/shell";
import { text as shellText, useLanguage, useTexts } from "@/lib/i18n";
import { type QueuedChatMessage, useQueuedActions } from "@/lib/offline-queue";
import { useRealtime } from "@/lib/realtime/provider";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Spinner } from "@/ui/spinner";
import { keepOfflineCopy, useChatMessages, useMarkRead } from "./api";
import { Bubble, ChatMessageItem, startsRun } from "./chat-message-item";
import { discardChatMessage, retryChatMessage, sendChatMessage, useOutgoingMessages } from "./outgoing-messages";
import { PlanCard, planCardOf } from "./plan-card";
import { useTyping } from "./use-typing";

/**
 * The chat: a 75vh panel, capped so its input never hides under the bottom bar; Enter sends; blank text
 * is not sent; scrolling up loads older pages. Sending never waits: see outgoing-messages.ts.
 */
export function ChatPanel({
  groupId,
  groupName,
  onBack,
}: {
  groupId: number;
  groupName: string;
  /** Given, the conversation fills a phone's screen (over the bottom bar) with a back button to the list. */
  onBack?: () => void;
}) {
  const { user } = useAuth();
  const t = useTexts(CHAT_PANEL_TEXTS);
  const tc = useTexts(CHAT_TEXTS);
  const { locale } = useLanguage();
  const blockedIds = useBlockedIds();
  const socket = useRealtime();
  const online = useOnline();
  const { data, isLoading, fetchNextPage, hasNextPage, isFetchingNextPage } = useChatMessages(groupId);
  useEffect(() => keepOfflineCopy(groupId, data), [groupId, data]);
  // The socket notices a lost network late: offline is offline, whatever it still believes.
  const live = online && socket.connected;
  const qc = useQueryClient();
  const markRead = useMarkRead();
  const [text, setText] = useState("");
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);

  const messages = useMemo(() => (data ? [...data.pages].reverse().flat() : []), [data]);
  // Written offline: shown after the stored ones until the app is back online and sends them.
  const queued = useQueuedActions(user?.id);
  const pending = useMemo(
    () => queued.filter((a): a is QueuedChatMessage => a.kind === "chat" && a.groupId === groupId),
    [queued, groupId],
  );
  const outgoing = useOutgoingMessages(user?.id, groupId);
  // The socket can bring a message back before its own answer does: the stored copy wins.
  const unsent = useMemo(() => {
    const stored = new Set(messages.flatMap((m) => (m.clientId ? [m.clientId] : [])));
    return outgoing.filter((m) => !stored.has(m.clientId));
  }, [messages, outgoing]);
  const newestId = messages.at(-1)?.id;
  const typing = useTyping(groupId, user?.id);

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
  }, [messages, pending, unsent]);

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
    if (!message || !user) return;
    stickToBottom.current = true;
    // The box empties at once: what is typed next is never touched by this message's answer.
    setText("");
    sendChatMessage(qc, user.id, groupId, message);
  };
  const lastTyping = useRef(0);
  const onType = (value: string) => {
    setText(value);
    const now = Date.now();
    if (!value.trim() || now - lastTyping.current < TYPING_SEND_INTERVAL_MS) return;
    if (socket.send({ type: "typing", groupId })) lastTyping.current = now;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <section
      className={cn(
        "flex h-[min(75vh,calc(100dvh-16.5rem-var(--offline-banner-height,0px)))] flex-col overflow-hidden rounded-xl border bg-card",
        onBack &&
          "max-md:fixed max-md:inset-0 max-md:z-50 max-md:h-dvh max-md:rounded-none max-md:border-0 max-md:pt-[calc(env(safe-area-inset-top)+var(--offline-banner-height,0px))]",
      )}
      aria-label={t("label", { name: groupName })}
      data-full-screen={onBack ? "" : undefined}
    >
      <header className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
        {onBack && (
          <Button
            variant="ghost"
            size="icon"
            className="-ms-2 shrink-0 md:hidden"
            onClick={onBack}
            aria-label={t("back")}
          >
            <ArrowLeft className="rtl:-scale-x-100" />
          </Button>
        )}
        <h2 dir="auto" className="min-w-0 flex-1 truncate font-semibold">
          {groupName}
        </h2>
        <span
          className={cn(
            "flex items-center gap-1.5 text-xs",
            live ? "text-emerald-700 dark:text-emerald-400" : "text-muted-foreground",
          )}
          data-testid="chat-connection"
        >
          <span className={cn("size-2 rounded-full", live ? "bg-emerald-500" : "bg-muted-foreground/50")} />
          {live ? t("live") : online ? t("connecting") : t("offline")}
        </span>
      </header>

      <div ref={scroller} onScroll={onScroll} className="flex-1 overflow-y-auto px-3 py-3" data-testid="chat-messages">
        {isFetchingNextPage && <Spinner className="mx-auto" />}
        {!hasNextPage && messages.length > 0 && (
          <p className="text-center text-xs text-muted-foreground">{t("start")}</p>
        )}
        {isLoading && <Spinner className="mx-auto mt-8" />}
        {!isLoading && !data && !online && pending.length === 0 && (
          <p className="mt-10 text-center text-sm text-muted-foreground" data-testid="not-saved-offline">
            {shellText(SHELL_TEXTS, "notSavedOffline")}
          </p>
        )}
        {!isLoading && data && messages.length === 0 && pending.length === 0 && (
          <p className="mt-10 text-center text-sm text-muted-foreground">{t("empty")}</p>
        )}
        {messages.map((m, i) => {
          const planId = planCardOf(m);
          if (planId !== null) {
            return (
              <div key={m.id} className="mt-2 flex justify-center" data-testid="chat-message">
                <PlanCard groupId={groupId} eventId={planId} />
              </div>
            );
          }
          return (
            <ChatMessageItem
              key={m.id}
              message={m}
              mine={m.userId === user?.id}
              fromBlocked={blockedIds?.has(m.userId) ?? false}
              first={startsRun(m, messages[i - 1])}
              timezone={user?.timezone}
            />
          );
        })}
        {unsent.map((m) => (
          <div
            key={m.clientId}
            className="mt-2 flex flex-col items-end"
            data-testid="chat-message-outgoing"
            data-status={m.status}
          >
            <Bubble mine className={cn(m.status === "sending" && "opacity-70")}>
              {m.message}
            </Bubble>
            {m.status === "sending" ? (
              <span className="mt-0.5 px-1 text-xs text-muted-foreground">{tc("sending")}</span>
            ) : (
              <span className="mt-0.5 flex flex-wrap items-center justify-end gap-x-2 px-1 text-xs text-destructive">
                <AlertCircle className="size-3" aria-hidden />
                <span role="alert">{tc("notSentReason", { reason: m.error ?? "" })}</span>
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto p-0 text-xs"
                  onClick={() => retryChatMessage(qc, m.clientId)}
                  aria-label={t("retrySending", { message: m.message })}
                >
                  {tc("retry")}
                </Button>
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto p-0 text-xs text-muted-foreground"
                  onClick={() => discardChatMessage(m.clientId)}
                  aria-label={t("deleteUnsent", { message: m.message })}
                >
                  {t("delete")}
                </Button>
              </span>
            )}
          </div>
        ))}
        {pending.map((m) => (
          <div key={m.key} className="mt-2 flex flex-col items-end" data-testid="chat-message-pending">
            <div className="mb-0.5 flex items-center gap-1 px-1 text-xs text-muted-foreground">
              <Clock className="size-3" aria-hidden />
              <span>{t("pending")}</span>
            </div>
            <p
              dir="auto"
              className="max-w-[80%] whitespace-pre-wrap wrap-anywhere rounded-2xl rounded-ee-sm border border-dashed border-primary/60 bg-primary/10 px-3 py-2 text-sm"
            >
              {m.message}
            </p>
          </div>
        ))}
      </div>
      <p className="h-5 truncate px-4 text-xs text-muted-foreground" aria-live="polite" data-testid="chat-typing">
        {typing.length > 0 ? typingText(typing, tc, (names) => new Intl.ListFormat(locale).format(names)) : ""}
      </p>
      <form
        className={cn("flex gap-2 border-t p-2", onBack && "max-md:pb-[calc(0.5rem+env(safe-area-inset-bottom))]")}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Input
          value={text}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("placeholder")}
          maxLength={CHAT_MESSAGE_MAX}
          aria-label={t("message")}
          dir="auto"
        />
        <Button type="submit" size="icon" disabled={!text.trim()} aria-label={t("send")}>
          <SendHorizontal className="rtl:-scale-x-100" />
        </Button>
      </form>
    </section>
  );
}
