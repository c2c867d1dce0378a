import { type BusEvent, groupChannel } from "#contract/bus";
import type { ServerMessage } from "#contract/socket";
import type { Connection, HubDeps } from "./hub-types";
import { send } from "./send";

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

/** The group id of a `group:{id}` channel, else null. */
function groupIdOf(channel: string): number | null {
  const match = /^group:(\d+)$/.exec(channel);
  return match ? Number(match[1]) : null;
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
 * The bus channels this instance's sockets listen to: each (user:{id}, group:{id}) is subscribed once per
 * instance however many local sockets listen, and a payload is serialised once per delivery.
 */
export function hubChannels(deps: Pick<HubDeps, "bus" | "handlers" | "log">) {
  const channels = new Map<string, Channel>();

  /**
   * Checks again whether each socket may still read the group: its frames wait from now until the answer,
   * then go out, or the socket is taken off the channel and told (`left_group`). A failed check takes it
   * off too: the client joins again, and its join is checked as any join.
   */
  async function recheck(groupId: number, conns: Connection[]) {
    const waiting = conns.filter((conn) => conn.groups.has(groupId));
    for (const conn of waiting) {
      const held = conn.held.get(groupId) ?? { frames: [], checks: 0, closed: false };
      held.checks += 1;
      conn.held.set(groupId, held);
    }
    if (waiting.length === 0) return;
    let open = new Set<number>();
    try {
      open = await deps.handlers.openMembersAmong(groupId, [...new Set(waiting.map((conn) => conn.userId))]);
    } catch (error) {
      deps.log.warn({ err: error, groupId }, "socket access check failed; the sockets leave the group");
    }
    for (const conn of waiting) {
      const held = conn.held.get(groupId);
      if (!held) continue;
      held.checks -= 1;
      if (!open.has(conn.userId)) held.closed = true;
      if (held.checks > 0) continue;
      conn.held.delete(groupId);
      if (held.closed) await leaveAndTell(conn, groupId);
      else for (const frame of held.frames) send(conn, frame);
    }
  }

  function deliver(name: string, event: BusEvent) {
    const channel = channels.get(name);
    if (!channel) return;
    const groupId = groupIdOf(name);
    switch (event.type) {
      case "membership_ended":
        for (const conn of [...channel.connections]) void leaveAndTell(conn, event.groupId);
        return;
      case "access_changed":
        if (groupId != null) void recheck(groupId, [...channel.connections]);
        else for (const conn of channel.connections) for (const id of conn.groups) void recheck(id, [conn]);
        return;
      case "sessions_revoked":
      case "presence":
      case "events_written":
        // Published on channels of their own, which no socket listens to.
        return;
      default: {
        if (event.type === "new_message" && channel.recent && !remember(channel.recent, event.message.id)) return;
        // Serialised and encoded once for every socket of the channel on this instance.
        const frame: ServerMessage = event;
        const encoded = Buffer.from(JSON.stringify(frame));
        for (const conn of channel.connections) {
          const held = groupId == null ? undefined : conn.held.get(groupId);
          if (held) held.frames.push(encoded);
          else send(conn, encoded);
        }
      }
    }
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
    if (!conn.groups.delete(groupId)) return false;
    await unlisten(groupChannel(groupId), conn);
    return true;
  }

  /** Takes the socket off the group's channel (the person left or was removed) and tells it so. */
  async function leaveAndTell(conn: Connection, groupId: number) {
    if (await leave(conn, groupId)) send(conn, { type: "left_group", groupId });
  }

  return { listen, unlisten, leave, leaveAndTell, replay };
}
export type HubChannels = ReturnType<typeof hubChannels>;
