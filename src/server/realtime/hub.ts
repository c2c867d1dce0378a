import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import { type BusEvent, groupChannel, PRESENCE_CHANNEL, SESSIONS_REVOKED_CHANNEL, userChannel } from "#contract/bus";
import { type ChatMessage, clientIdSchema, tooManyMessagesText } from "#contract/chat";
import type { VoteValue } from "#contract/groups";
import {
  SOCKET_AUTH_FRAMES_PER_MINUTE,
  SOCKET_FRAMES_PER_MINUTE,
  SOCKET_GROUP_FRAMES_PER_MINUTE,
  SOCKETS_PER_USER_MAX,
  TYPING_MIN_INTERVAL_MS,
} from "#contract/limits";
import {
  type ClientMessage,
  clientMessageSchema,
  type ServerMessage,
  SOCKET_POLICY_CODE,
  SOCKET_TEXTS,
  SOCKET_UNAUTHORIZED_CODE,
} from "#contract/socket";
import { consumeAll, type Limiter, type RateLimit, type RateLimits, retryAfterSeconds } from "../http/rate-limits";
import { type Bus, revokedSessionHashes } from "./bus";

/** A socket that cannot drain this much is too slow to keep up; it is closed and will catch up by cursor. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const HEARTBEAT_MS = 30_000;
/** A change of who is connected here is announced at most this often. */
const PRESENCE_DEBOUNCE_MS = 1000;

interface Connection {
  socket: WebSocket;
  userId: number;
  /** This socket's slot among the user's SOCKETS_PER_USER_MAX, on every instance. */
  slot: string;
  /** The session the upgrade was authenticated with: when it ends, this socket closes. */
  sessionHash: string;
  groups: Set<number>;
  alive: boolean;
  /** Frames are handled one after another so a join is done before the chat that follows it. */
  queue: Promise<void>;
  /** Chat messages handed to the handler and not yet stored (close waits for them). */
  sending: Set<Promise<void>>;
  /** When this socket last passed on "typing", per group. */
  typingAt: Map<number, number>;
  /** The user's display name, looked up at the first "typing". */
  name?: Promise<string>;
}

interface Channel {
  connections: Set<Connection>;
  ready: Promise<() => Promise<void>>;
  /** For a group channel: what it delivered lately, so a message is handed to its sockets once. */
  recent?: RecentIds;
}

/** Message ids delivered on a channel lately, oldest first, at most RECENT_IDS_MAX. */
interface RecentIds {
  ids: number[];
  held: Set<number>;
  /** The group's newest message id when the channel opened: where a replay starts if nothing came since. */
  baseline: number;
}

/**
 * How many delivered ids a group channel remembers: enough to skip the echo of a message delivered here
 * and to replay from before messages that committed out of id order.
 */
const RECENT_IDS_MAX = 200;
/** A replay after a bus outage reads the database in pages of this many messages. */
const REPLAY_PAGE = 100;

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
  /** Refuses a user who is not a member of the group (join_group). */
  requireMember(groupId: number, userId: number): Promise<unknown>;
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

/** A refusal meant for the person (a handler's 4xx): its message is safe to show. */
function refusalOf(error: unknown): string | null {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status < 500 && error instanceof Error ? error.message : null;
}

const MINUTE_MS = 60_000;

/** The group id of a `group:{id}` channel, else null. */
function groupIdOf(channel: string): number | null {
  const match = /^group:(\d+)$/.exec(channel);
  return match ? Number(match[1]) : null;
}

/**
 * Owns this instance's sockets. Each bus channel (user:{id}, group:{id}) is subscribed once per
 * instance however many local sockets listen, and a payload is serialised once per delivery.
 */
export function createHub(deps: HubDeps) {
  const channels = new Map<string, Channel>();
  const connections = new Set<Connection>();
  const byUser = new Map<number, Set<Connection>>();
  const bySession = new Map<string, Set<Connection>>();

  // Per-user budgets shared by every socket of the user, on every instance; chat and
  // votes share theirs with the REST routes. A frame over its budget gets an error frame.
  const limiters = {
    // Every frame passes this one, so it costs no Redis round trip: it guards this instance's CPU.
    frames: deps.limits.limiter("socket-frames", {
      points: SOCKET_FRAMES_PER_MINUTE,
      windowMs: MINUTE_MS,
      perInstance: true,
    }),
    auth: deps.limits.limiter("socket-auth", { points: SOCKET_AUTH_FRAMES_PER_MINUTE, windowMs: MINUTE_MS }),
    groups: deps.limits.limiter("socket-groups", { points: SOCKET_GROUP_FRAMES_PER_MINUTE, windowMs: MINUTE_MS }),
    chat: deps.handlers.budgets.chat.map((budget) => deps.limits.limiter(budget.name, budget.limit)),
    votes: deps.limits.limiter(deps.handlers.budgets.votes.name, deps.handlers.budgets.votes.limit),
  };
  // A slot lives three heartbeats: a crashed instance's sockets stop counting within 90 s.
  const socketSlots = deps.limits.slots("sockets", { max: SOCKETS_PER_USER_MAX, leaseMs: 3 * HEARTBEAT_MS });

  /** Spends one point of each budget; the refusal text (the longest wait) when one is spent, else null. */
  async function spend(
    limiter: Limiter | readonly Limiter[],
    conn: Connection,
    text: (seconds: number) => string = SOCKET_TEXTS.tooManyFrames,
  ): Promise<string | null> {
    const verdict = await consumeAll(Array.isArray(limiter) ? limiter : [limiter as Limiter], conn.userId);
    return verdict.allowed ? null : text(retryAfterSeconds(verdict));
  }

  const track = <K>(index: Map<K, Set<Connection>>, key: K, conn: Connection) => {
    const set = index.get(key) ?? new Set<Connection>();
    set.add(conn);
    index.set(key, set);
  };
  const untrack = <K>(index: Map<K, Set<Connection>>, key: K, conn: Connection) => {
    const set = index.get(key);
    set?.delete(conn);
    if (set?.size === 0) index.delete(key);
  };

  /** Sessions ended anywhere (logout, expiry, a new sign-in): close the sockets they opened here. */
  function closeSessions(hashes: string[]) {
    for (const hash of hashes) {
      for (const conn of bySession.get(hash) ?? [])
        conn.socket.close(SOCKET_UNAUTHORIZED_CODE, SOCKET_TEXTS.sessionEnded);
    }
  }
  const revocations = deps.bus.subscribe(SESSIONS_REVOKED_CHANNEL, (event) =>
    closeSessions(revokedSessionHashes(event)),
  );
  revocations.catch((error) => deps.log.error({ err: error }, "could not subscribe to session revocations"));

  // Who holds a socket on the other instances, as they last said; an instance silent for three
  // heartbeats (crashed) counts no more.
  const instance = randomUUID();
  const elsewhere = new Map<string, { userIds: Set<number>; at: number }>();
  const presence = deps.bus.subscribe(PRESENCE_CHANNEL, (event) => {
    if (event.type !== "presence" || event.instance === instance) return;
    if (event.userIds.length === 0) elsewhere.delete(event.instance);
    else elsewhere.set(event.instance, { userIds: new Set(event.userIds), at: Date.now() });
  });
  presence.catch((error) => deps.log.error({ err: error }, "could not subscribe to presence"));
  const announcePresence = (userIds = [...byUser.keys()]) =>
    deps.bus.publish(PRESENCE_CHANNEL, { type: "presence", instance, userIds }).catch(() => {});
  let presenceTimer: ReturnType<typeof setTimeout> | null = null;
  function presenceChanged() {
    if (presenceTimer) return;
    presenceTimer = setTimeout(() => {
      presenceTimer = null;
      void announcePresence();
    }, PRESENCE_DEBOUNCE_MS);
    presenceTimer.unref();
  }
  function forgetSilentInstances() {
    const cutoff = Date.now() - 3 * HEARTBEAT_MS;
    for (const [id, seen] of elsewhere) if (seen.at < cutoff) elsewhere.delete(id);
  }

  /** A frame, or one already encoded as UTF-8 JSON (a delivery encodes once for all its sockets). */
  function send(conn: Connection, message: ServerMessage | Buffer) {
    const socket = conn.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(1013, "Too slow");
      return;
    }
    if (Buffer.isBuffer(message)) socket.send(message, { binary: false });
    else socket.send(JSON.stringify(message));
  }

  function deliver(name: string, event: BusEvent) {
    const channel = channels.get(name);
    if (!channel) return;
    switch (event.type) {
      case "membership_ended":
        for (const conn of [...channel.connections]) void leave(conn, event.groupId);
        return;
      case "sessions_revoked":
      case "presence":
        // Published on channels of their own, which no socket listens to.
        return;
      default: {
        if (event.type === "new_message" && channel.recent && !remember(channel.recent, event.message.id)) return;
        // Serialised and encoded once for every socket of the channel on this instance.
        const frame: ServerMessage = event;
        const encoded = Buffer.from(JSON.stringify(frame));
        for (const conn of channel.connections) send(conn, encoded);
      }
    }
  }

  /** False when the id was delivered on this channel already (the bus's echo, a retry, a replay). */
  function remember(recent: RecentIds, id: number) {
    if (recent.held.has(id)) return false;
    recent.held.add(id);
    recent.ids.push(id);
    if (recent.ids.length > RECENT_IDS_MAX) recent.held.delete(recent.ids.shift() as number);
    return true;
  }

  /**
   * After the bus was down, every group channel with sockets here gets what was stored meanwhile: read
   * from the database after the oldest id it remembers (or its baseline), in id order, each message once.
   */
  async function replay() {
    for (const [name, channel] of channels) {
      const recent = channel.recent;
      const groupId = groupIdOf(name);
      if (!recent || groupId == null) continue;
      // From just before the oldest id remembered: a message that committed after a newer one was delivered
      // (ids are taken before commit) is still found; everything remembered is skipped.
      let after = recent.ids.length > 0 ? Math.min(...recent.ids) - 1 : recent.baseline;
      try {
        for (;;) {
          const page = await deps.handlers.messagesAfter(groupId, after, REPLAY_PAGE);
          for (const message of page) deliver(name, { type: "new_message", message });
          if (page.length < REPLAY_PAGE || channels.get(name) !== channel) break;
          after = page[page.length - 1].id;
        }
      } catch (error) {
        deps.log.warn(
          { err: error, groupId },
          "replay after a bus outage failed; clients catch up when they reconnect",
        );
      }
    }
  }
  const stopReplays = deps.bus.onResubscribed?.(() => void replay());

  async function listen(name: string, conn: Connection) {
    let channel = channels.get(name);
    if (!channel) {
      const groupId = groupIdOf(name);
      const created: Channel = {
        connections: new Set(),
        ready: deps.bus.subscribe(name, (event) => deliver(name, event)),
      };
      if (groupId != null) {
        const recent: RecentIds = { ids: [], held: new Set(), baseline: Number.MAX_SAFE_INTEGER };
        created.recent = recent;
        deps.handlers.newestMessageId(groupId).then(
          (id) => {
            recent.baseline = id;
          },
          () => {},
        );
      }
      // A failed subscription (bus down) must not poison the channel for later joins.
      created.ready.catch(() => {
        if (channels.get(name) === created) channels.delete(name);
      });
      channels.set(name, created);
      channel = created;
    }
    channel.connections.add(conn);
    await channel.ready;
  }

  async function unlisten(name: string, conn: Connection) {
    const channel = channels.get(name);
    if (!channel) return;
    channel.connections.delete(conn);
    if (channel.connections.size === 0) {
      channels.delete(name);
      try {
        await (await channel.ready)();
      } catch (error) {
        // The bus may already be closed at shutdown; there is nothing left to unsubscribe from.
        deps.log.debug({ err: error }, "bus unsubscribe failed");
      }
    }
  }

  async function leave(conn: Connection, groupId: number) {
    if (!conn.groups.delete(groupId)) return;
    await unlisten(groupChannel(groupId), conn);
  }

  /** Serves one valid frame; a refusal for the person comes back as its text. */
  async function handle(conn: Connection, frame: ClientMessage): Promise<string | null> {
    const { handlers } = deps;
    switch (frame.type) {
      case "auth": {
        // The session cookie authenticated this socket on upgrade; a userId in the frame is ignored.
        const refused = await spend(limiters.auth, conn);
        if (refused) return refused;
        send(conn, { type: "auth_success", userId: conn.userId, groups: await handlers.groupsOf(conn.userId) });
        return null;
      }
      case "join_group": {
        const refused = await spend(limiters.groups, conn);
        if (refused) return refused;
        await handlers.requireMember(frame.groupId, conn.userId);
        if (!conn.groups.has(frame.groupId)) {
          conn.groups.add(frame.groupId);
          await listen(groupChannel(frame.groupId), conn);
        }
        send(conn, { type: "joined_group", groupId: frame.groupId });
        return null;
      }
      case "leave_group": {
        const refused = await spend(limiters.groups, conn);
        if (refused) return refused;
        await leave(conn, frame.groupId);
        return null;
      }
      case "chat_message": {
        const clientId = frame.clientId ?? null;
        const refused = await spend(limiters.chat, conn, tooManyMessagesText);
        if (refused) {
          send(conn, { type: "message_error", clientId, message: refused });
          return null;
        }
        // The socket's next frame need not wait for this insert: the writer keeps the order, and a
        // refusal still reaches the socket. Waiting here would let one slow insert hold every later frame.
        const sending = handlers
          .sendChat(conn.userId, frame)
          .then(
            (stored) => send(conn, { type: "message_ack", clientId, id: stored.id }),
            (error: unknown) => send(conn, { type: "message_error", clientId, message: failureText(error) }),
          )
          .finally(() => conn.sending.delete(sending));
        conn.sending.add(sending);
        return null;
      }
      case "typing": {
        // Only in a group this socket joined (so a member); a faster client than the interval is ignored.
        if (!conn.groups.has(frame.groupId)) return SOCKET_TEXTS.joinFirst;
        const now = Date.now();
        if (now - (conn.typingAt.get(frame.groupId) ?? 0) < TYPING_MIN_INTERVAL_MS) return null;
        conn.typingAt.set(frame.groupId, now);
        if (!(await handlers.mayShowTyping(frame.groupId, conn.userId))) return null;
        conn.name ??= handlers.nameOf(conn.userId);
        const userName = await conn.name;
        await deps.bus.publish(groupChannel(frame.groupId), {
          type: "typing",
          groupId: frame.groupId,
          userId: conn.userId,
          userName,
        });
        return null;
      }
      case "event_vote": {
        const refused = await spend(limiters.votes, conn);
        if (refused) return refused;
        await handlers.vote(conn.userId, frame.groupId, frame.eventId, frame.vote);
        return null;
      }
    }
  }

  async function onFrame(conn: Connection, data: unknown, isBinary: boolean) {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    // Past the all-frames budget the user is flooding: the socket closes instead of being served.
    if (!(await limiters.frames.consume(conn.userId)).allowed) {
      conn.socket.close(SOCKET_POLICY_CODE, SOCKET_TEXTS.flooding);
      return;
    }
    let json: unknown;
    try {
      if (isBinary) throw new Error("binary");
      json = JSON.parse(String(data));
    } catch {
      send(conn, { type: "error", message: "Invalid message: expected JSON text" });
      return;
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
      const message = `Invalid message: ${where}${issue.message}`;
      // Every chat frame is answered by its clientId, even one that fails the parse (when the id itself is valid).
      const chat = json as { type?: unknown; clientId?: unknown } | null;
      if (chat?.type === "chat_message") {
        const clientId = clientIdSchema.safeParse(chat.clientId);
        send(conn, { type: "message_error", clientId: clientId.success ? clientId.data : null, message });
      } else send(conn, { type: "error", message });
      return;
    }
    try {
      const refused = await handle(conn, parsed.data);
      if (refused) send(conn, { type: "error", message: refused });
    } catch (error) {
      send(conn, { type: "error", message: failureText(error) });
    }
  }

  /** A handler's refusal is said as it is; anything else is logged and said vaguely. */
  function failureText(error: unknown) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    deps.log.error({ err: error }, "socket frame failed");
    return "Something went wrong";
  }

  let checkingSessions = false;
  async function closeEndedSessions() {
    if (checkingSessions || bySession.size === 0) return;
    checkingSessions = true;
    try {
      const hashes = [...bySession.keys()];
      // In chunks: one query's bind parameters stay far below PostgreSQL's 65 535.
      for (let i = 0; i < hashes.length; i += 1000) {
        const chunk = hashes.slice(i, i + 1000);
        const live = await deps.handlers.liveSessions(chunk);
        closeSessions(chunk.filter((h) => !live.has(h)));
      }
    } catch (error) {
      deps.log.debug({ err: error }, "socket session check failed");
    } finally {
      checkingSessions = false;
    }
  }

  const heartbeat = setInterval(() => {
    void closeEndedSessions();
    forgetSilentInstances();
    void announcePresence();
    for (const [userId, conns] of byUser) {
      void socketSlots
        .renew(
          userId,
          [...conns].map((c) => c.slot),
        )
        .catch(() => {});
    }
    for (const conn of connections) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /** Open sockets of a user on this instance, plus one for each other instance that said it holds one. */
    openSocketsOf(userId: number) {
      let open = byUser.get(userId)?.size ?? 0;
      for (const seen of elsewhere.values()) if (seen.userIds.has(userId)) open += 1;
      return open;
    },
    /**
     * Before an upgrade: one of the user's SOCKETS_PER_USER_MAX slots, counted on every instance
     *, or null when they are all taken. accept() takes the slot over.
     */
    async reserveSocket(userId: number): Promise<string | null> {
      const slot = randomUUID();
      return (await socketSlots.acquire(userId, slot)) ? slot : null;
    },
    /** Takes over an upgraded socket of a signed-in user. Handlers attach before any await. */
    accept(socket: WebSocket, userId: number, sessionHash: string, slot: string) {
      const conn: Connection = {
        socket,
        userId,
        slot,
        sessionHash,
        groups: new Set(),
        alive: true,
        queue: Promise.resolve(),
        sending: new Set(),
        typingAt: new Map(),
      };
      connections.add(conn);
      if (!byUser.has(userId)) presenceChanged();
      track(byUser, userId, conn);
      track(bySession, sessionHash, conn);
      socket.on("pong", () => {
        conn.alive = true;
      });
      socket.on("message", (data, isBinary) => {
        conn.queue = conn.queue.then(() => onFrame(conn, data, isBinary));
      });
      socket.on("error", (error) => deps.log.debug({ err: error }, "socket error"));
      socket.on("close", () => {
        connections.delete(conn);
        untrack(byUser, userId, conn);
        if (!byUser.has(userId)) presenceChanged();
        untrack(bySession, sessionHash, conn);
        void socketSlots.release(userId, slot).catch(() => {});
        conn.queue = conn.queue.then(async () => {
          await unlisten(userChannel(userId), conn);
          for (const groupId of [...conn.groups]) await leave(conn, groupId);
        });
      });
      conn.queue = conn.queue.then(() => listen(userChannel(userId), conn));
    },
    connectionCount: () => connections.size,
    /** Closes every socket and waits until their bus subscriptions are gone, before the bus itself closes. */
    async close() {
      clearInterval(heartbeat);
      stopReplays?.();
      if (presenceTimer) clearTimeout(presenceTimer);
      await announcePresence([]);
      for (const subscription of [revocations, presence])
        await (await subscription.catch(() => async () => {}))().catch(() => {});
      const open = [...connections];
      await Promise.all(
        open.map(
          (conn) =>
            new Promise<void>((resolve) => {
              if (conn.socket.readyState === conn.socket.CLOSED) return resolve();
              conn.socket.once("close", () => resolve());
              conn.socket.close(1001, "Server shutting down");
              setTimeout(() => {
                conn.socket.terminate();
                resolve();
              }, 1000).unref();
            }),
        ),
      );
      await Promise.all(open.flatMap((conn) => [conn.queue, ...conn.sending]));
    },
  };
}
