import type { ClientMessage } from "@contract/socket";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { RealtimeConnection, type SocketFactory, type Subscribe } from "./connection";

export interface RealtimeApi {
  connected: boolean;
  /** Calls handler for every server frame of that type; returns the unsubscribe. */
  subscribe: Subscribe;
  /** Sends a frame when open; false when the socket is down (callers fall back to REST). */
  send(frame: ClientMessage): boolean;
}

const offline: RealtimeApi = { connected: false, subscribe: () => () => {}, send: () => false };
const RealtimeContext = createContext<RealtimeApi>(offline);

/**
 * Holds the app's one connection while `userId` is set. `attach` runs before the connection opens, so
 * what it subscribes hears the first frame; its return value runs when the connection closes.
 */
export function RealtimeProvider({
  userId,
  attach,
  onSessionEnded,
  createSocket,
  children,
}: {
  userId: number | undefined;
  attach?: (connection: RealtimeConnection) => () => void;
  onSessionEnded: () => void;
  createSocket?: SocketFactory;
  children: ReactNode;
}) {
  const [connection, setConnection] = useState<RealtimeConnection | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!userId || (!createSocket && typeof WebSocket === "undefined")) return;
    const c = new RealtimeConnection(undefined, createSocket);
    c.onStatus = setConnected;
    c.onSessionEnded = onSessionEnded;
    const detach = attach?.(c);
    c.start();
    setConnection(c);
    return () => {
      c.stop();
      detach?.();
      setConnection(null);
      setConnected(false);
    };
  }, [userId, createSocket, attach, onSessionEnded]);

  const value = useMemo<RealtimeApi>(
    () => (connection ? { connected, subscribe: connection.subscribe, send: connection.send } : offline),
    [connection, connected],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeApi {
  return useContext(RealtimeContext);
}
