import type { Duplex } from "node:stream";
import type { ServerMessage } from "#contract/socket";
import type { Connection } from "./hub-types";

/** A socket that cannot drain this much is too slow to keep up; it is closed and will catch up by cursor. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const corked = new Set<Duplex>();

function uncorkAll() {
  for (const transport of corked) transport.uncork();
  corked.clear();
}

/**
 * Holds a connection's writes until the end of this turn of the event loop. A stored batch of chat
 * messages is delivered in one turn, and a socket gets several of its frames (and its sender's ack):
 * one write for all of them instead of one system call per frame, which was most of a busy server's CPU.
 */
function corkForThisTurn(transport: Duplex) {
  if (corked.has(transport)) return;
  if (corked.size === 0) setImmediate(uncorkAll);
  transport.cork();
  corked.add(transport);
}

/** A frame, or one already encoded as UTF-8 JSON (a delivery encodes once for all its sockets). */
export function send(conn: Connection, message: ServerMessage | Buffer) {
  const socket = conn.socket;
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.close(1013, "Too slow");
    return;
  }
  if (conn.transport) corkForThisTurn(conn.transport);
  if (Buffer.isBuffer(message)) socket.send(message, { binary: false });
  else socket.send(JSON.stringify(message));
}
