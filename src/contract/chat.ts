import { z } from "zod";
import { cursorParamSchema, idParamSchema, idSchema, textSchema } from "./fields";
import { defineTexts, formatMessage, messageKey } from "./i18n/texts";
import { PAGE_SIZE_MAX } from "./limits";

/** A chat message's text; long enough for a paragraph, small enough for one socket frame. */
export const CHAT_MESSAGE_MAX = 2000;

import { CHAT_PAGE_SIZE } from "./limits";

export const CHAT_TEXTS = defineTexts("chat", {
  sendFailed: "Failed to send message",
  empty: "Message cannot be empty",
  /** The same clientId again for another group: a client bug, never a second row. */
  clientIdReused: "This clientId was already used for another message",
  sending: "Sending…",
  notSent: "Not sent",
  retry: "Retry",
  notSentReason: "Not sent: {reason}",
  typingOne: "{name} is typing…",
  /** Two names, joined by the language's own list ("Ana and Ben"). */
  typingTwo: "{names} are typing…",
  typingMany: "{count, plural, other {# people are typing…}}",
  tooManyMessages: "Too many messages, try again in {seconds} s",
});

/**
 * Who is writing now, as the chat shows it under the messages: in English by default, or through `say`
 * (a screen's translate) with `list` joining two names in its language.
 */
export function typingText(
  names: string[],
  say: (key: "typingOne" | "typingTwo" | "typingMany", values: Record<string, string | number>) => string = (
    key,
    values,
  ) => formatMessage("en", CHAT_TEXTS[key], values),
  list: (names: string[]) => string = (two) => new Intl.ListFormat("en").format(two),
): string {
  if (names.length === 1) return say("typingOne", { name: names[0] });
  if (names.length === 2) return say("typingTwo", { names: list(names) });
  return say("typingMany", { count: names.length });
}

/**
 * Made once per message by the sender's client (crypto.randomUUID) and sent again with every retry of it:
 * the server stores one row per sender and clientId, and a repeat answers that row.
 */
export const clientIdSchema = z.uuid();

/** Over CHAT_MESSAGES_PER_WINDOW (REST 429 and the socket's error frame say the same). */
export const tooManyMessagesText = (retryAfterSeconds: number) =>
  formatMessage("en", CHAT_TEXTS.tooManyMessages, { seconds: retryAfterSeconds });

/**
 * Kinds of stored message. The server decides it: what people send is always "text";
 * a client's messageType is ignored, so nobody can post a message dressed as "system". An "update" is a host's
 * update to their guests: its message is the host's own words, and each reader's screen writes the frame
 * around them (CONVERSATION_TEXTS.hostUpdate) in their own language.
 */
const MESSAGE_TYPES = ["text", "event", "image", "system", "update"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** A chat message as the client shows it, with groupId so a pushed message finds its cache. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  userId: z.number().int(),
  message: z.string(),
  sentAt: z.string(),
  userName: z.string(),
  messageType: z.string(),
  attachmentUrl: z.string().nullable(),
  referenceData: z.unknown().nullable(),
  /** The sender's clientId, so the sender's screen swaps its "Sending…" copy for the stored message. */
  clientId: z.string().nullable().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const sendMessageBodySchema = z.object({
  groupId: idSchema,
  message: textSchema({ error: messageKey(CHAT_TEXTS, "empty") })
    .trim()
    .min(1, messageKey(CHAT_TEXTS, "empty"))
    .max(CHAT_MESSAGE_MAX),
  clientId: clientIdSchema.optional(),
});

export const messagesParamsSchema = z.object({ groupId: idParamSchema });
/** Cursor pagination: `before` an id gives the page of older messages; `after` gives newer ones (catch-up). */
export const messagesQuerySchema = z.object({
  before: idParamSchema.optional(),
  after: cursorParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(CHAT_PAGE_SIZE),
});
