import { randomUUID } from "node:crypto";
import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";
import { SESSIONS_REVOKED_CHANNEL, userChannel } from "#contract/bus";
import type { Language } from "#contract/i18n/languages";
import { SOCKETS_PER_USER_MAX } from "#contract/limits";
import { SOCKET_TEXTS, SOCKET_UNAUTHORIZED_CODE } from "#contract/socket";
import { revokedSessionHashes } from "./bus";
import { hubChannels } from "./channels";
import { hubFrames } from "./frames";
import { type Connection, HEARTBEAT_MS, type HubDeps } from "./hub-types";
import { hubPresence } from "./presence";

export type { HubDeps, RealtimeHandlers } from "./hub-types";

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

/**
 * Owns this instance's sockets: who is connected (per user and per session), their bus channels
 * (channels.ts), their frames (frames.ts), presence across instances (presence.ts) and the heartbeat.
 */
export function createHub(deps: HubDeps) {
  const connections = new Set<Connection>();
  const byUser = new Map<number, Set<Connection>>();
  const bySession = new Map<string, Set<Connection>>();
  const channels = hubChannels(deps);
  const onFrame = hubFrames(deps, channels);
  const presence = hubPresence(deps, () => [...byUser.keys()]);
  // A slot lives three heartbeats: a crashed instance's sockets stop counting within 90 s.
  const socketSlots = deps.limits.slots("sockets", { max: SOCKETS_PER_USER_MAX, leaseMs: 3 * HEARTBEAT_MS });

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
  const stopReplays = deps.bus.onResubscribed?.(() => void channels.replay());

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
    presence.forgetSilentInstances();
    void presence.announce();
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
      return (byUser.get(userId)?.size ?? 0) + presence.instancesHolding(userId);
    },
    /**
     * Before an upgrade: one of the user's SOCKETS_PER_USER_MAX slots, counted on every instance
     *, or null when they are all taken. accept() takes the slot over.
     */
    async reserveSocket(userId: number): Promise<string | null> {
      const slot = randomUUID();
      return (await socketSlots.acquire(userId, slot)) ? slot : null;
    },
    /**
     * Takes over an upgraded socket of a signed-in user (and its TCP connection, `transport`). Handlers
     * attach before any await.
     */
    accept(
      socket: WebSocket,
      userId: number,
      sessionHash: string,
      slot: string,
      transport?: Duplex,
      language: Language = "en",
    ) {
      const conn: Connection = {
        socket,
        transport,
        userId,
        language,
        slot,
        sessionHash,
        groups: new Set(),
        held: new Map(),
        alive: true,
        queue: Promise.resolve(),
        sending: new Set(),
        typingAt: new Map(),
      };
      connections.add(conn);
      if (!byUser.has(userId)) presence.changed();
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
        if (!byUser.has(userId)) presence.changed();
        untrack(bySession, sessionHash, conn);
        void socketSlots.release(userId, slot).catch(() => {});
        conn.queue = conn.queue.then(async () => {
          await channels.unlisten(userChannel(userId), conn);
          for (const groupId of [...conn.groups]) await channels.leave(conn, groupId);
        });
      });
      conn.queue = conn.queue.then(() => channels.listen(userChannel(userId), conn));
    },
    connectionCount: () => connections.size,
    /** Closes every socket and waits until their bus subscriptions are gone, before the bus itself closes. */
    async close() {
      clearInterval(heartbeat);
      stopReplays?.();
      presence.stopTimer();
      await presence.announce([]);
      for (const subscription of [revocations, presence.subscription])
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
