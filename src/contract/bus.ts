import { z } from "zod";
import {
  newMessageFrameSchema,
  notificationFrameSchema,
  planUpdateFrameSchema,
  typingFrameSchema,
  voteUpdateFrameSchema,
} from "./socket";

/**
 * The bus that carries events between app instances (Redis pub/sub, or in-process on one instance).
 * Channels are logical names; the Redis bus puts REDIS_PREFIX in front of them.
 */
/** A user's sockets, on every instance: their notifications and the end of a membership. */
export const userChannel = (userId: number) => `user:${userId}`;
/** A group's sockets, on every instance: its chat messages and votes. */
export const groupChannel = (groupId: number) => `group:${groupId}`;
/**
 * Sessions that ended (logout, expiry, a sign-in or sign-up over an old session): every instance closes
 * the sockets they authenticated and forgets them from its session cache.
 */
export const SESSIONS_REVOKED_CHANNEL = "sessions:revoked";
/** Events stored by some instance: every instance reads the feed cells they were and are in again. */
export const EVENTS_WRITTEN_CHANNEL = "events:written";
/** Each instance's hub says which users hold a socket on it, so push skips users with the app open anywhere. */
export const PRESENCE_CHANNEL = "presence";

/** Every event any instance publishes. A message from Redis that fails this union is dropped and logged. */
export const busEventSchema = z.discriminatedUnion("type", [
  // Handed to the group's or user's sockets as they are: each is also a server frame.
  newMessageFrameSchema,
  notificationFrameSchema,
  voteUpdateFrameSchema,
  planUpdateFrameSchema,
  typingFrameSchema,
  // Instance-internal: never sent to a client.
  /** The user left or was removed: each hub drops that user's sockets from the group's channel. */
  z.object({ type: z.literal("membership_ended"), groupId: z.number().int() }),
  /**
   * Someone may have lost access (a block, a hiding, a decline, a suspension...): on a group's channel every
   * socket there, on a user's channel each of that user's sockets in every group it joined, is checked again
   * by each hub at once; what the channel carries meanwhile waits for the check.
   */
  z.object({ type: z.literal("access_changed") }),
  /** Only SHA-256 hashes of session tokens travel. */
  z.object({ type: z.literal("sessions_revoked"), sessionHashes: z.array(z.string()) }),
  /** Every user with a socket on `instance` now (empty when it shuts down); repeated each heartbeat. */
  z.object({ type: z.literal("presence"), instance: z.string(), userIds: z.array(z.number().int()) }),
  /**
   * Each event's id, type and grid cell as stored (its cell before the write is known where it was kept).
   * Not `events`: the Redis bus reads that key as a batch of bus events.
   */
  z.object({
    type: z.literal("events_written"),
    written: z.array(z.object({ id: z.number().int(), type: z.string(), cell: z.number().int().nullable() })),
  }),
]);
export type BusEvent = z.infer<typeof busEventSchema>;
