import { groupChannel } from "#contract/bus";
import { CHAT_TEXTS, type ChatMessage } from "#contract/chat";
import { GROUP_TEXTS } from "#contract/groups";
import { messageKey } from "#contract/i18n/texts";
import {
  CHAT_BURST_MESSAGES,
  CHAT_BURST_WINDOW_MS,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_MESSAGES_PER_WINDOW,
  CHAT_MESSAGES_WINDOW_MS,
} from "#contract/limits";
import { MESSAGE_REMOVED_TEXT } from "#contract/safety";
import { HttpError } from "#server/http/http-error";
import type { Bus } from "#server/realtime/bus";
import { chatMessageSent } from "../notifications";
import type { ChatRepository, StoredMessage } from "./repository";

/**
 * The budgets every chat message spends, per user, socket and REST together (both ask app.rateLimits for
 * these names): a long window against a steady flood, and two short ones against bursts.
 */
export const CHAT_LIMITS = [
  { name: "chat", limit: { points: CHAT_MESSAGES_PER_WINDOW, windowMs: CHAT_MESSAGES_WINDOW_MS } },
  { name: "chat-burst", limit: { points: CHAT_BURST_MESSAGES, windowMs: CHAT_BURST_WINDOW_MS } },
  { name: "chat-minute", limit: { points: CHAT_MESSAGES_PER_MINUTE, windowMs: 60_000 } },
] as const;

export function toChatMessage(m: StoredMessage): ChatMessage {
  // A message a moderator hid leaves the server only as "Message removed".
  const hidden = m.hiddenAt != null;
  return {
    id: m.id,
    groupId: m.groupId,
    userId: m.userId,
    message: hidden ? MESSAGE_REMOVED_TEXT : m.message,
    sentAt: m.sentAt.toISOString(),
    userName: m.userName,
    messageType: m.messageType,
    attachmentUrl: hidden ? null : m.attachmentUrl,
    referenceData: hidden ? null : (m.referenceData ?? null),
    ...(m.clientId ? { clientId: m.clientId } : {}),
  };
}

type NewMessage = Parameters<ChatRepository["insertAsMembers"]>[0][number];

/** Most messages one statement stores. */
const WRITE_BATCH_MAX = 200;

/**
 * Group commit: one statement at a time stores every message that arrived while the previous one ran
 * (many sockets at once), so a busy chat costs a few large inserts instead of a queue of small ones, and
 * messages are stored, and resolved, in the order write() was called. Each sender still waits for its own
 * row; one message alone is written on the next turn of the event loop.
 */
function batchWriter(chat: ChatRepository) {
  const pending: Array<{
    input: NewMessage;
    resolve: (m: StoredMessage | null) => void;
    reject: (e: unknown) => void;
  }> = [];
  let writing = false;
  async function drain() {
    while (pending.length > 0) {
      const batch = pending.splice(0, WRITE_BATCH_MAX);
      try {
        const stored = await chat.insertAsMembers(batch.map((p) => p.input));
        for (const [i, p] of batch.entries()) p.resolve(stored[i]);
      } catch (error) {
        for (const p of batch) p.reject(error);
      }
    }
    writing = false;
  }
  return {
    write(input: NewMessage) {
      return new Promise<StoredMessage | null>((resolve, reject) => {
        pending.push({ input, resolve, reject });
        if (writing) return;
        writing = true;
        setImmediate(() => void drain());
      });
    },
  };
}

/** Of the groups module, what chat needs: whether someone is a member (their role, null when not). */
interface Membership {
  roleOf(groupId: number, userId: number): Promise<unknown>;
}

export function chatService(deps: { chat: ChatRepository; groups: Membership; bus: Bus }) {
  const writer = batchWriter(deps.chat);
  async function requireMember(groupId: number, userId: number) {
    const role = await deps.groups.roleOf(groupId, userId);
    if (!role) throw new HttpError(403, messageKey(GROUP_TEXTS, "notMember"));
  }
  return {
    requireMember,
    async list(userId: number, groupId: number, q: { before?: number; after?: number; limit: number }) {
      await requireMember(groupId, userId);
      const rows =
        q.after !== undefined
          ? await deps.chat.pageAfter(groupId, q.after, q.limit)
          : await deps.chat.pageBefore(groupId, q.before, q.limit);
      return rows.map(toChatMessage);
    },
    /** What a group holds after an id, oldest first: the hub's replay after a bus outage (it checked membership at join). */
    async messagesAfter(groupId: number, afterId: number, limit: number) {
      return (await deps.chat.pageAfter(groupId, afterId, limit)).map(toChatMessage);
    },
    newestMessageId: (groupId: number) => deps.chat.newestId(groupId),
    /** Whether others may hear that this member is typing: not across a block in a direct conversation. */
    mayShowTyping: async (groupId: number, userId: number) => !(await deps.chat.directBlocked(groupId, userId)),
    /**
     * Stored first, then published: a subscriber never sees a message the database does not hold.
     * What a person sends is "text": the server, not the client, decides the kind (a host's "update").
     */
    async send(
      userId: number,
      input: { groupId: number; message: string; clientId?: string },
      kind: "text" | "update" = "text",
    ) {
      const inserted = await writer.write({
        groupId: input.groupId,
        message: input.message,
        messageType: kind,
        userId,
        clientId: input.clientId,
      });
      if (!inserted) throw new HttpError(403, messageKey(GROUP_TEXTS, "notMember"));
      if (inserted.groupId !== input.groupId) throw new HttpError(409, messageKey(CHAT_TEXTS, "clientIdReused"));
      // A repeat stored nothing, so the insert's membership check never ran: someone removed since may not re-publish.
      if (inserted.repeated) await requireMember(input.groupId, userId);
      const stored = toChatMessage(inserted);
      // A repeat is published again: the first answer may have died with its instance before the fan-out.
      // Sockets and caches skip an id they already hold.
      await deps.bus.publish(groupChannel(input.groupId), { type: "new_message", message: stored });
      if (inserted.repeated) return stored;
      // Members away from the chat hear about it by push/e-mail (collected per group, off this path).
      chatMessageSent(deps.bus, {
        groupId: input.groupId,
        senderId: userId,
        senderName: stored.userName,
        text: stored.message,
      });
      return stored;
    },
    /** Posts a plan's card into its group's chat (a stored message of kind "event"), then delivers it live. */
    async postCard(userId: number, groupId: number, message: string, referenceData: unknown) {
      const stored = toChatMessage(await deps.chat.insertCard({ groupId, userId, message, referenceData }));
      await deps.bus.publish(groupChannel(groupId), { type: "new_message", message: stored });
      return stored;
    },
  };
}
export type ChatService = ReturnType<typeof chatService>;
