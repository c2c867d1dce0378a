import WebSocket from "ws";
import type { ServerMessage } from "#contract/socket";

/** A test/bench socket that records every server message and can wait for one. */
export interface TestSocket {
  ws: WebSocket;
  received: ServerMessage[];
  send(frame: unknown): void;
  next<T extends ServerMessage["type"]>(
    type: T,
    match?: (m: Extract<ServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerMessage, { type: T }>>;
  close(): Promise<void>;
}

export function openSocket(
  baseUrl: string,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/ws`, {
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
  const received: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on("message", (data) => {
    received.push(JSON.parse(String(data)) as ServerMessage);
    for (const w of [...waiters]) w();
  });
  const socket: TestSocket = {
    ws,
    received,
    send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    next(type, match = () => true, timeoutMs = 3000) {
      type M = Extract<ServerMessage, { type: typeof type }>;
      return new Promise((resolve, reject) => {
        let index = 0;
        const check = () => {
          for (; index < received.length; index++) {
            const m = received[index];
            if (m.type === type && match(m as M)) {
              waiters.delete(check);
              clearTimeout(timer);
              index++;
              resolve(m as M);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => r.type))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once("close", () => resolve());
        ws.close();
      }),
  };
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(socket));
    ws.once("unexpected-response", (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once("error", reject);
  });
}
