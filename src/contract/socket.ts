import { z } from "zod";
import { CHAT_MESSAGE_MAX, chatMessageSchema, clientIdSchema } from "./chat";
import { idSchema, textSchema } from "./fields";
import { voteCountsSchema, voteValueSchema } from "./groups";
import { notificationSchema } from "./notifications";

export {
  SOCKET_POLICY_CODE,
  SOCKET_TEXTS,
  SOCKET_UNAUTHORIZED_CODE,
} from "./socket-codes";

const groupId = idSchema;

/** Frames the client sends. Any userId in `auth` is accepted and ignored: the session cookie decides. */
export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("auth"), userId: z.unknown().optional() }),
  z.object({ type: z.literal("join_group"), groupId }),
  z.object({ type: z.literal("leave_group"), groupId }),
  z.object({
    type: z.literal("chat_message"),
    groupId,
    message: textSchema().trim().min(1).max(CHAT_MESSAGE_MAX),
    /** Answered back in message_ack / message_error; a repeat answers the message already stored. */
    clientId: clientIdSchema.optional(),
    // No messageType: the server decides it; one sent anyway is dropped by the parse.
  }),
  z.object({ type: z.literal("event_vote"), groupId, eventId: idSchema, vote: voteValueSchema }),
  /** The person is writing in a joined group: passed on to the group's sockets, never stored. */
  z.object({ type: z.literal("typing"), groupId }),
]);
export type ClientMessage = z.input<typeof clientMessageSchema>;

const socketGroupSchema = z.object({ id: z.number().int(), name: z.string() });

/** Server frames that are also bus events (src/contract/bus.ts): a hub forwards them as published. */
export const newMessageFrameSchema = z.object({ type: z.literal("new_message"), message: chatMessageSchema });
export const notificationFrameSchema = z.object({ type: z.literal("notification"), notification: notificationSchema });
/** Someone in the group is typing (shown as "<userName> is typing…" for TYPING_SHOWN_MS). */
export const typingFrameSchema = z.object({
  type: z.literal("typing"),
  groupId,
  userId: z.number().int(),
  userName: z.string(),
});
export const voteUpdateFrameSchema = z.object({
  type: z.literal("vote_update"),
  groupId,
  eventId: z.number().int(),
  votes: voteCountsSchema,
  userId: z.number().int(),
  vote: voteValueSchema,
});

/** A group plan changed (a poll vote, a decision): its chat card and the plan list re-read it. */
export const planUpdateFrameSchema = z.object({
  type: z.literal("plan_update"),
  groupId,
  eventId: z.number().int(),
  decided: z.boolean(),
});
export const serverMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("auth_success"), userId: z.number().int(), groups: z.array(socketGroupSchema) }),
  z.object({ type: z.literal("joined_group"), groupId }),
  /** The socket was taken off a group's channel: the person may no longer read it (left, removed, blocked...). */
  z.object({ type: z.literal("left_group"), groupId }),
  newMessageFrameSchema,
  notificationFrameSchema,
  voteUpdateFrameSchema,
  typingFrameSchema,
  /** A chat_message frame was stored (or had been, for a repeated clientId) as message `id`. */
  z.object({ type: z.literal("message_ack"), clientId: z.string().nullable(), id: z.number().int() }),
  /** A chat_message frame was refused or failed: nothing was stored for it; `message` is for the person. */
  z.object({ type: z.literal("message_error"), clientId: z.string().nullable(), message: z.string() }),
  planUpdateFrameSchema,
  /** A refused or invalid frame; the client shows it to the person (a refused vote is not silently lost). */
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageType = ServerMessage["type"];
/** The server frame of one type. */
export type ServerMessageOf<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>;
