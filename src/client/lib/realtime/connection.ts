import type {
  ClientMessage,
  ServerMessage,
  ServerMessageOf,
  ServerMessageType,
  serverMessageSchema,
} from "@contract/socket";
import { SOCKET_RECONNECT_BASE_MS, SOCKET_RECONNECT_MAX_MS, SOCKET_UNAUTHORIZED_CODE } from "@contract/socket-codes";
import { whenIdle } from "@/lib/after-load";

type FrameSchema = typeof serverMessageSchema;
let frameSchema: FrameSchema | null = null;
let frameSchemaLoad: Promise<FrameSchema> | null = null;
/**
 * The contract's frame schema, with zod, imported once the page is idle rather than with the first screen:
 * frames that arrive before wait for it. A failed import (the chunk unreachable) is retried by the next frame.
 */
export function loadFrameSchema() {
  frameSchemaLoad ??= import("@contract/socket").then(
    (m) => (frameSchema = m.serverMessageSchema),
    (error: unknown) => {
      frameSchemaLoad = null;
      throw error;
    },
  );
  return frameSchemaLoad;
}

/** Capped exponential backoff with full jitter: attempt 0 → up to 1 s, then 2, 4, … up to 30 s. */
export function reconnectDelay(attempt: number, random = Math.random) {
  const ceiling = Math.min(SOCKET_RECONNECT_MAX_MS, SOCKET_RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Makes the connection; tests hand in a fake so reconnects can be driven without a server. */
export type SocketFactory = (url: string) => WebSocket;
const browserSocket: SocketFactory = (url) => new WebSocket(url);
/** WebSocket.OPEN, spelled out so an injected socket class need not carry the constants. */
const OPEN = 1;

export type Subscribe = <T extends ServerMessageType>(
  type: T,
  handler: (message: ServerMessageOf<T>) => void,
) => () => void;

/**
 * The app's one /ws connection, knowing no feature: it authenticates, hands every server frame that
 * matches the contract to the subscribers of its type, and reconnects after any abnormal close.
 * Features subscribe (`subscribe("new_message", ...)`) and send frames; `connected` turns true at
 * each `auth_success`, after its subscribers ran.
 */
export class RealtimeConnection {
  private ws: WebSocket | null = null;
  private handlers = new Map<ServerMessageType, Set<(message: ServerMessage) => void>>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** Frames that arrived before the frame schema was loaded, handled in order once it is. */
  private pending: { ws: WebSocket; data: string }[] = [];
  connected = false;
  onStatus: (connected: boolean) => void = () => {};
  /** The server closed the socket with 4401: the session ended (signed out elsewhere, password changed, account deleted). */
  onSessionEnded: () => void = () => {};

  constructor(
    private url = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`,
    private createSocket: SocketFactory = browserSocket,
  ) {}

  start() {
    this.stopped = false;
    whenIdle(() => void loadFrameSchema().catch(() => {}));
    this.open();
    window.addEventListener("online", this.reconnectNow);
  }

  stop() {
    this.stopped = true;
    window.removeEventListener("online", this.reconnectNow);
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close(1000, "Signed out");
    this.ws = null;
  }

  subscribe: Subscribe = (type, handler) => {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    // The dispatch below hands each handler only frames of its own type.
    const untyped = handler as (message: ServerMessage) => void;
    set.add(untyped);
    return () => void set.delete(untyped);
  };

  /** Sends a frame when open; false when the socket is down (callers fall back to REST). */
  send = (frame: ClientMessage) => {
    if (!this.ws || this.ws.readyState !== OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  };

  private reconnectNow = () => {
    if (this.stopped || this.connected) return;
    if (this.timer) clearTimeout(this.timer);
    this.attempt = 0;
    this.open();
  };

  private setConnected(value: boolean) {
    this.connected = value;
    this.onStatus(value);
  }

  private receive(ws: WebSocket, data: string) {
    if (frameSchema && this.pending.length === 0) {
      this.dispatch(ws, frameSchema, data);
      return;
    }
    this.pending.push({ ws, data });
    if (this.pending.length > 1) return;
    const drain = (schema: FrameSchema) => {
      for (const frame of this.pending) this.dispatch(frame.ws, schema, frame.data);
      this.pending = [];
    };
    // Without the schema no frame can be trusted: the queue is dropped, as an invalid frame is, and the
    // next frame retries the import.
    whenIdle(() =>
      loadFrameSchema().then(drain, () => {
        this.pending = [];
      }),
    );
  }

  /** Hands a frame that matches the contract to the subscribers of its type. */
  private dispatch(ws: WebSocket, schema: FrameSchema, data: string) {
    let message: ServerMessage;
    try {
      const result = schema.safeParse(JSON.parse(data));
      if (!result.success) return;
      message = result.data;
    } catch {
      return;
    }
    for (const handler of this.handlers.get(message.type) ?? []) handler(message);
    // A handshake queued while the schema loaded counts only if its socket has not closed since.
    if (message.type === "auth_success" && ws.readyState === OPEN) this.setConnected(true);
  }

  private open() {
    const ws = this.createSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      // The server knows who we are from the cookie; auth just asks for the group list.
      ws.send(JSON.stringify({ type: "auth" }));
    };
    ws.onmessage = (event) => this.receive(ws, String(event.data));
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.setConnected(false);
      // 1000 is a deliberate close (sign-out); everything else, including a server restart (1001/1006), retries.
      if (this.stopped || event.code === 1000) return;
      // 4401: the session is gone, so retrying could never succeed; the person has to sign in again.
      if (event.code === SOCKET_UNAUTHORIZED_CODE) {
        this.stop();
        this.onSessionEnded();
        return;
      }
      const delay = reconnectDelay(this.attempt);
      this.attempt += 1;
      this.timer = setTimeout(() => this.open(), delay);
    };
  }
}
