import type { ChatMessage } from "@contract/chat";
import { CONVERSATION_TEXTS } from "@contract/event-conversation";
import { CHAT_PANEL_TEXTS } from "@contract/groups-texts";
import { BLOCK_TEXTS, MESSAGE_REMOVED_TEXT, SAFETY_TEXTS } from "@contract/safety";
import { EllipsisVertical } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ReportDialog } from "@/features/safety";
import { formatMessageTime } from "@/lib/format-date";
import { text, useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/ui/dropdown-menu";

/** Messages from one person this close together read as one run: one name and time above them. */
const RUN_GAP_MS = 5 * 60_000;

/** True when `message` opens a new run (another sender, or a pause) after `previous`. */
export function startsRun(message: ChatMessage, previous: ChatMessage | undefined) {
  return (
    !previous ||
    previous.userId !== message.userId ||
    Date.parse(message.sentAt) - Date.parse(previous.sentAt) > RUN_GAP_MS
  );
}

/** A bubble of the conversation, own messages at the end of the line (the right, or the left in Arabic). */
export function Bubble({ mine, className, children }: { mine: boolean; className?: string; children: ReactNode }) {
  return (
    <p
      dir="auto"
      className={cn(
        "max-w-[80%] whitespace-pre-wrap wrap-anywhere rounded-2xl px-3 py-2 text-sm",
        mine ? "rounded-ee-sm bg-primary text-primary-foreground" : "rounded-es-sm bg-muted",
        className,
      )}
    >
      {children}
    </p>
  );
}

/**
 * The body of a stored message by its kind. Every kind the server stores renders here; a kind this client
 * does not know yet falls back to its text.
 */
function MessageBody({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const removed = message.message === MESSAGE_REMOVED_TEXT;
  if (message.messageType === "update" && !removed) {
    // A host's update: their own words, framed in the reader's language.
    return <Bubble mine={mine}>{text(CONVERSATION_TEXTS, "hostUpdate", { text: message.message })}</Bubble>;
  }
  switch (message.messageType) {
    case "system":
      // The server's own words, as it stored them.
      return <p className="mx-auto text-center text-xs text-muted-foreground">{message.message}</p>;
    default:
      return (
        <Bubble mine={mine} className={cn(removed && "italic opacity-70")}>
          {removed ? text(SAFETY_TEXTS, "messageRemoved") : message.message}
        </Bubble>
      );
  }
}

/** The "⋯" menu of someone else's message: Report lives here, out of the way of reading. */
function MessageMenu({ message }: { message: ChatMessage }) {
  const [reporting, setReporting] = useState(false);
  const t = useTexts(CHAT_PANEL_TEXTS);
  return (
    <>
      {/* Not modal: a modal menu hides the page with aria-hidden while its focusable controls stay in the tab order. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-7 shrink-0 self-center text-muted-foreground"
            aria-label={t("more", { name: message.userName })}
          >
            <EllipsisVertical />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={() => setReporting(true)}>{t("report")}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ReportDialog open={reporting} onOpenChange={setReporting} targetType="message" targetId={message.id} />
    </>
  );
}

/** A message from someone the reader blocked, folded: neither who nor what until the reader asks. */
function BlockedMessage({ onShow }: { onShow: () => void }) {
  return (
    <div
      className="mt-0.5 flex items-center gap-1 px-1 text-xs text-muted-foreground"
      data-testid="chat-message-blocked"
    >
      <span className="italic">{text(BLOCK_TEXTS, "hiddenMessage")}</span>
      <span aria-hidden>—</span>
      <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={onShow}>
        {text(BLOCK_TEXTS, "show")}
      </Button>
    </div>
  );
}

/** One stored message; the first of a run carries the sender's name and the time. */
export function ChatMessageItem({
  message,
  mine,
  first,
  timezone,
  fromBlocked = false,
}: {
  message: ChatMessage;
  mine: boolean;
  first: boolean;
  timezone: string | undefined;
  /** The sender is someone the reader blocked: the message stays folded until the reader shows it. */
  fromBlocked?: boolean;
}) {
  const [shown, setShown] = useState(false);
  const t = useTexts(CHAT_PANEL_TEXTS);
  if (fromBlocked && !shown) return <BlockedMessage onShow={() => setShown(true)} />;
  const name = mine ? t("you") : message.userName;
  const time = formatMessageTime(message.sentAt, timezone);
  const reportable = !mine && message.message !== MESSAGE_REMOVED_TEXT && message.messageType !== "system";
  return (
    <div
      className={cn("flex flex-col", mine ? "items-end" : "items-start", first ? "mt-3 first:mt-0" : "mt-0.5")}
      data-testid="chat-message"
      data-first-of-run={first || undefined}
    >
      {first ? (
        <div className="mb-0.5 flex min-w-0 max-w-full items-baseline gap-2 px-1 text-xs text-muted-foreground">
          <span dir="auto" className="truncate font-medium text-foreground/80">
            {name}
          </span>
          <time dateTime={message.sentAt}>{time}</time>
        </div>
      ) : (
        // Screen readers hear who and when for every message, even where the eye sees it once per run.
        <span className="sr-only">{t("whoWhen", { name, time })}</span>
      )}
      <div className={cn("flex w-full items-start gap-1", mine ? "justify-end" : "justify-start")}>
        <MessageBody message={message} mine={mine} />
        {reportable && <MessageMenu message={message} />}
      </div>
    </div>
  );
}
