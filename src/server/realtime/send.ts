import type { ServerMessage } from "#contract/socket";
import type { Connection } from "./hub-types";

/** A socket that cannot drain this much is too slow to keep up; it is closed and will catch up by cursor. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** A frame, or one already encoded as UTF-8 JSON (a delivery encodes once for all its sockets). */
export function send(conn: Connection, message: ServerMessage | Buffer) {
  const socket = conn.socket;
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.close(1013, "Too slow");
    return;
  }
  if (Buffer.isBuffer(message)) socket.send(message, { binary: false });
  else socket.send(JSON.stringify(message));
}
