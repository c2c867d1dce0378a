import type { FastifyBaseLogger } from "fastify";
import { noticeWords } from "#contract/notifications";
import { PUSH_TEXTS } from "#contract/push";
import type { Bus } from "#server/realtime/bus";
import {
  type ChatMessageSent,
  type NotificationsService,
  onChatMessage,
  startDelivery,
  trackDelivery,
} from "../notifications";
import type { BlockReads } from "../visibility";
import { openSocketsHere } from "./presence";

/**
 * Messages of one group within this window become one push per member ("Ana: latest text (+3 more)"):
 * a busy chat does not buzz a phone per line, and the members are looked up once per window, not per
 * message (the chat's own path stays as fast as before).
 */
const CHAT_DELIVERY_WINDOW_MS = 2_000;
/** Longest chat text put in a push or e-mail; the chat has the rest. */
const CHAT_PREVIEW_CHARS = 140;

/**
 * The "chat" notification category: members not in the chat right now (no socket on this instance) hear about new
 * messages by push and e-mail as they chose. The message is already stored and on the group's channel,
 * so the in-app switch does not apply. Members who blocked the sender (or were blocked) are skipped.
 * Returns the call that stops listening.
 */
export function listenForChatMessages(deps: {
  /** The groups module's: who is in the group the message was written to. */
  groups: { memberIds(groupId: number): Promise<number[]> };
  blocks: BlockReads;
  notifications: NotificationsService;
  bus: Bus;
  log: FastifyBaseLogger;
  /** Members who muted the group's conversation: no push or e-mail for them. */
  mutedIds?: (groupId: number) => Promise<Set<number>>;
  /** The event whose guests' conversation the group is (its e-mails go out only while the reader may open it). */
  conversationEventOf?: (groupId: number) => Promise<number | undefined>;
}): () => void {
  const { groups } = deps;
  const windows = new Map<number, { messages: ChatMessageSent[] }>();

  async function flush(groupId: number) {
    const pending = windows.get(groupId);
    windows.delete(groupId);
    if (!pending) return;
    const last = pending.messages[pending.messages.length - 1];
    const senders = new Set(pending.messages.map((m) => m.senderId));
    const muted = (await deps.mutedIds?.(groupId)) ?? new Set<number>();
    const away = (await groups.memberIds(groupId)).filter(
      (id) => !senders.has(id) && !muted.has(id) && openSocketsHere(deps.bus, id) === 0,
    );
    if (away.length === 0) return;
    const blocked = await deps.blocks.blockedAmong(last.senderId, away);
    const recipients = away.filter((id) => !blocked.has(id));
    const preferences = await deps.notifications.preferencesOf(recipients);
    const wanted = recipients.filter((id) => {
      const chat = preferences.get(id)?.channels.chat;
      return chat?.push || chat?.email;
    });
    const preview =
      last.text.length > CHAT_PREVIEW_CHARS ? `${last.text.slice(0, CHAT_PREVIEW_CHARS - 1)}…` : last.text;
    const more = pending.messages.length - 1;
    const eventId = await deps.conversationEventOf?.(groupId);
    startDelivery(deps.bus, {
      category: "chat",
      content: {
        // The sender's name and words as written; "(+3 more)" in each reader's language.
        ...(more > 0
          ? noticeWords(PUSH_TEXTS, { said: last.senderName }, "chatMore", { preview, more })
          : noticeWords(PUSH_TEXTS, { said: last.senderName }, { said: preview })),
        actionUrl: "/groups",
        tag: `chat-${groupId}`,
        named: [last.senderId],
        ...(eventId === undefined ? {} : { eventId }),
      },
      recipients: wanted.map((userId) => ({
        userId,
        preferences: preferences.get(userId) as NonNullable<ReturnType<typeof preferences.get>>,
      })),
    });
  }

  return onChatMessage(deps.bus, (message) => {
    const open = windows.get(message.groupId);
    if (open) {
      open.messages.push(message);
      return;
    }
    windows.set(message.groupId, { messages: [message] });
    trackDelivery(
      deps.bus,
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          flush(message.groupId)
            .catch((error: Error) => deps.log.warn({ err: error, groupId: message.groupId }, "chat delivery failed"))
            .finally(resolve);
        }, CHAT_DELIVERY_WINDOW_MS);
        timer.unref();
      }),
    );
  });
}
