import { createContext, type ReactNode, useContext } from "react";

type SocketContextValue = { connected: boolean };

const SocketContext = createContext<SocketContextValue>({ connected: false });

/** Placeholder: the groups issue replaces this with the one /ws connection manager. */
export function SocketProvider({ children }: { children: ReactNode }) {
  return <SocketContext.Provider value={{ connected: false }}>{children}</SocketContext.Provider>;
}

export function useSocket() {
  return useContext(SocketContext);
}
