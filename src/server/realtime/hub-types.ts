import type { Duplex } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { ChatMessage } from "#contract/chat";
import type { VoteValue } from "#contract/groups";
import type { Language } from "#contract/i18n/languages";
import type { RateLimit, RateLimits } from "../http/rate-limits";
import type { Bus } from "./bus";

/** One socket of a signed-in user on this instance. */
export interface Connection {
  socket: WebSocket;
  /** The upgraded TCP connection under `socket`: send() corks it so a turn's frames leave in one write. */
  transport?: Duplex;
  userId: number;
  /** The language the upgrade asked for (Accept-Language): the refusals a frame gets are written in it. */
  language: Language;
  /** This socket's slot among the user's SOCKETS_PER_USER_MAX, on every instance. */
  slot: string;
  /** The session the upgrade was authenticated with: when it ends, this socket closes. */
  sessionHash: string;
  groups: Set<number>;
  alive: boolean;
  /** Frames are handled one after another so a join is done before the chat that follows it. */
  queue: Promise<void>;
  /**
   * Groups whose access is being checked again (`access_changed`), with the frames their channels carried
   * meanwhile: sent once the check lets the socket stay, dropped when it takes the socket off.
   */
  held: Map<number, { frames: Buffer[]; checks: number; closed: boolean }>;
  /** Chat messages handed to the handler and not yet stored (close waits for them). */
  sending: Set<Promise<void>>;
  /** When this socket last passed on "typing", per group. */
  typingAt: Map<number, number>;
  /** The user's display name, looked up at the first "typing". */
  name?: Promise<string>;
}

/** A budget a REST route spends too, by the same name, so socket and REST count together. */
interface SharedBudget {
  name: string;
  limit: RateLimit;
}

/**
 * What the hub asks of the rest of the app, built by the composition root: the hub knows sockets and
 * the bus, never a module. A handler refuses by throwing an error with a `statusCode` below 500 (its
 * message goes to the socket as an `error` frame); anything else is logged and answered "Something went wrong".
 */
export interface RealtimeHandlers {
  /** The user's groups, answered to `auth`. */
  groupsOf(userId: number): Promise<{ id: number; name: string }[]>;
  /** The name others see for a user ("<name> is typing…"). */
  nameOf(userId: number): Promise<string>;
  /** False where others must not hear that the user is typing (a block in a direct conversation). */
  mayShowTyping(groupId: number, userId: number): Promise<boolean>;
  /** Refuses a user who is not a member of the group (join_group, typing). */
  requireMember(groupId: number, userId: number): Promise<unknown>;
  /** Of these users, those who may still read the group: one answer for every socket a hub checks again. */
  openMembersAmong(groupId: number, userIds: number[]): Promise<Set<number>>;
  /**
   * Stores and publishes a chat message (REST's path; the socket frame is the same request). Messages are
   * stored in the order of the calls: the hub does not wait for one before handing over the next.
   */
  sendChat(userId: number, input: { groupId: number; message: string; clientId?: string }): Promise<{ id: number }>;
  /** A group's messages after an id, oldest first (replay after a bus outage; no membership check). */
  messagesAfter(groupId: number, afterId: number, limit: number): Promise<ChatMessage[]>;
  /** A group's newest message id, 0 when it has none. */
  newestMessageId(groupId: number): Promise<number>;
  /** Stores a vote and publishes the group's new counts. */
  vote(userId: number, groupId: number, eventId: number, vote: VoteValue): Promise<unknown>;
  /** The budgets the REST routes for chat and votes spend (a chat message spends one point of each). */
  budgets: { chat: readonly SharedBudget[]; votes: SharedBudget };
  /**
   * Of these session hashes, the ones still valid. Checked every heartbeat: a session that ended
   * without a revocation on the bus (deleted when found expired at a lookup) loses its sockets within 30 s.
   */
  liveSessions(sessionHashes: string[]): Promise<Set<string>>;
}

export interface HubDeps {
  bus: Bus;
  handlers: RealtimeHandlers;
  limits: RateLimits;
  log: FastifyBaseLogger;
}

export const HEARTBEAT_MS = 30_000;
