import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import {
  type ClientMessage,
  clientMessageSchema,
  groupChannel,
  type ServerMessage,
  SOCKET_RATE_LIMIT_MAX,
  SOCKET_RATE_LIMIT_WINDOW_MS,
} from "../../contract/socket";
import { HttpError } from "../http/http-error";
import type { ChatService } from "../modules/chat/service";
import type { GroupsRepository } from "../modules/groups/repository";
import { type GroupsService, MEMBERSHIP_ENDED } from "../modules/groups/service";
import { userChannel } from "../modules/notifications/notify";
import type { Bus } from "./bus";

/** A socket that cannot drain this much is too slow to keep up; it is closed and will catch up by cursor. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const HEARTBEAT_MS = 30_000;

interface Connection {
  socket: WebSocket;
  userId: number;
  groups: Set<number>;
  windowStart: number;
  sent: number;
  alive: boolean;
  /** Frames are handled one after another so a join is done before the chat that follows it. */
  queue: Promise<void>;
}

interface Channel {
  connections: Set<Connection>;
  ready: Promise<() => Promise<void>>;
}

export interface HubDeps {
  bus: Bus;
  groups: GroupsService;
  groupsRepo: GroupsRepository;
  chat: ChatService;
  log: FastifyBaseLogger;
}

/**
 * Owns this instance's sockets. Each bus channel (user:{id}, group:{id}) is subscribed once per
 * instance however many local sockets listen, and a payload is serialised once per delivery.
 */
export function createHub(deps: HubDeps) {
  const channels = new Map<string, Channel>();
  const connections = new Set<Connection>();

  function send(conn: Connection, message: ServerMessage | string) {
    const socket = conn.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(1013, "Too slow");
      return;
    }
    socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  function deliver(name: string, payload: unknown) {
    const channel = channels.get(name);
    if (!channel) return;
    const p = payload as { type?: string; groupId?: number };
    if (p.type === MEMBERSHIP_ENDED) {
      for (const conn of [...channel.connections]) if (typeof p.groupId === "number") void leave(conn, p.groupId);
      return;
    }
    const raw = JSON.stringify(payload);
    for (const conn of channel.connections) send(conn, raw);
  }

  async function listen(name: string, conn: Connection) {
    let channel = channels.get(name);
    if (!channel) {
      const created: Channel = { connections: new Set(), ready: deps.bus.subscribe(name, (payload) => deliver(name, payload)) };
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

  function overRateLimit(conn: Connection) {
    const now = Date.now();
    if (now - conn.windowStart > SOCKET_RATE_LIMIT_WINDOW_MS) {
      conn.windowStart = now;
      conn.sent = 0;
    }
    conn.sent += 1;
    return conn.sent > SOCKET_RATE_LIMIT_MAX;
  }

  async function handle(conn: Connection, message: ClientMessage & { type: string }) {
    const parsed = clientMessageSchema.parse(message);
    switch (parsed.type) {
      case "auth": {
        // The session cookie authenticated this socket on upgrade; a userId in the frame is ignored.
        const groups = await deps.groupsRepo.namesForUser(conn.userId);
        send(conn, { type: "auth_success", userId: conn.userId, groups });
        return;
      }
      case "join_group": {
        await deps.groups.requireMember(parsed.groupId, conn.userId);
        if (!conn.groups.has(parsed.groupId)) {
          conn.groups.add(parsed.groupId);
          await listen(groupChannel(parsed.groupId), conn);
        }
        send(conn, { type: "joined_group", groupId: parsed.groupId });
        return;
      }
      case "leave_group":
        await leave(conn, parsed.groupId);
        return;
      case "chat_message":
        if (overRateLimit(conn)) throw new HttpError(429, "Too many messages. Please slow down.");
        await deps.chat.send(conn.userId, parsed);
        return;
      case "event_vote":
        if (overRateLimit(conn)) throw new HttpError(429, "Too many messages. Please slow down.");
        await deps.groups.vote(conn.userId, parsed.groupId, parsed.eventId, parsed.vote);
        return;
    }
  }

  async function onFrame(conn: Connection, data: unknown, isBinary: boolean) {
    let frame: unknown;
    try {
      if (isBinary) throw new Error("binary");
      frame = JSON.parse(String(data));
    } catch {
      send(conn, { type: "error", message: "Invalid message: expected JSON text" });
      return;
    }
    const parsed = clientMessageSchema.safeParse(frame);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
      send(conn, { type: "error", message: `Invalid message: ${where}${issue.message}` });
      return;
    }
    try {
      await handle(conn, parsed.data);
    } catch (error) {
      if (error instanceof HttpError) send(conn, { type: "error", message: error.message });
      else {
        deps.log.error({ err: error }, "socket frame failed");
        send(conn, { type: "error", message: "Something went wrong" });
      }
    }
  }

  const heartbeat = setInterval(() => {
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
    /** Takes over an upgraded socket of a signed-in user. Handlers attach before any await. */
    accept(socket: WebSocket, userId: number) {
      const conn: Connection = {
        socket,
        userId,
        groups: new Set(),
        windowStart: Date.now(),
        sent: 0,
        alive: true,
        queue: Promise.resolve(),
      };
      connections.add(conn);
      socket.on("pong", () => {
        conn.alive = true;
      });
      socket.on("message", (data, isBinary) => {
        conn.queue = conn.queue.then(() => onFrame(conn, data, isBinary));
      });
      socket.on("error", (error) => deps.log.debug({ err: error }, "socket error"));
      socket.on("close", () => {
        connections.delete(conn);
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
      await Promise.all(open.map((conn) => conn.queue));
    },
  };
}
export type Hub = ReturnType<typeof createHub>;
