// The socket's close codes, texts and backoff, apart from the frame schemas: the client's connection reads
// them on the first screen and loads the schemas (and zod) with the first frame. socket.ts re-exports what
// the server and the contract still name through it.

import { defineTexts } from "./i18n/texts";

/**
 * Close code for a socket without a valid session (4000-4999 are application codes): refused at
 * the upgrade, or closed when its session ends (logout, expiry, a new sign-in or sign-up), so a
 * socket never outlives the session that opened it.
 */
export const SOCKET_UNAUTHORIZED_CODE = 4401;
/** Close code (RFC 6455 "policy violation") for a user flooding past SOCKET_FRAMES_PER_MINUTE. */
export const SOCKET_POLICY_CODE = 1008;
/** Close reasons and refusals a client may see (limits in src/contract/limits.ts). */
export const SOCKET_TEXTS = defineTexts("socket", {
  sessionEnded: "Session ended",
  tooManySockets: "Too many open sockets",
  flooding: "Too many messages",
  /** "typing" for a group the socket has not joined. */
  joinFirst: "Join the group first",
  tooManyFrames: "Too many requests, try again in {seconds} s",
});
/** A dropped socket reconnects with exponential backoff from 1 s, capped at 30 s, while the session lasts. */
export const SOCKET_RECONNECT_BASE_MS = 1000;
export const SOCKET_RECONNECT_MAX_MS = 30_000;
