import type { ChatMessage } from "@contract/chat";
import type { GroupListItem } from "@contract/groups";
import type { ClientMessage, ServerMessage, ServerMessageType } from "@contract/socket";
import {
  SOCKET_RECONNECT_BASE_MS,
  SOCKET_RECONNECT_MAX_MS,
  SOCKET_UNAUTHORIZED_CODE,
  serverMessageSchema,
} from "@contract/socket";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { signOutLocally } from "@/features/account/sign-out-locally";
import { useAuth } from "@/features/auth/use-auth";
import { apiJson } from "@/lib/api";
import { addMessagesToCache, applyVoteUpdate, GROUPS_KEY, messagesKey, newestHeldId } from "./api";

type Handler = (message: ServerMessage) => void;

export interface SocketApi {
  connected: boolean;
  /** Calls handler for every server message of that type; returns the unsubscribe. */
  subscribe(type: ServerMessageType | string, handler: (message: unknown) => void): () => void;
  /** Sends a frame when open; false when the socket is down (callers fall back to REST). */
  send(frame: ClientMessage): boolean;
}

/** Capped exponential backoff with full jitter: attempt 0 → up to 1 s, then 2, 4, … up to 30 s. */
export function reconnectDelay(attempt: number, random = Math.random) {
  const ceiling = Math.min(SOCKET_RECONNECT_MAX_MS, SOCKET_RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** How many missed messages one catch-up request fetches; more than that resets the cache to the newest page. */
const CATCH_UP_LIMIT = 100;

/** Makes the connection; tests hand in a fake so reconnects can be driven without a server. */
export type SocketFactory = (url: string) => WebSocket;
const browserSocket: SocketFactory = (url) => new WebSocket(url);
/** WebSocket.OPEN, spelled out so an injected socket class need not carry the constants. */
const OPEN = 1;

/**
 * The one /ws connection of the app. It authenticates, joins every group of the user, feeds
 * pushes into the query cache and reconnects after any abnormal close, catching up by cursor.
 */
export class SocketManager {
  private ws: WebSocket | null = null;
  private handlers = new Map<string, Set<Handler>>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private hadSession = false;
  private joined = new Set<number>();
  private unwatchCache: (() => void) | null = null;
  connected = false;
  onStatus: (connected: boolean) => void = () => {};
  /** The server closed the socket with 4401: the session ended (signed out elsewhere, password changed, account deleted). */
  onSessionEnded: () => void = () => {};

  constructor(
    private qc: QueryClient,
    private myId: number,
    private url = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`,
    private createSocket: SocketFactory = browserSocket,
  ) {}

  start() {
    this.stopped = false;
    this.open();
    window.addEventListener("online", this.reconnectNow);
    // A group created or joined after auth shows up in the groups list; join its channel too.
    this.unwatchCache = this.qc.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.query.queryKey[0] !== GROUPS_KEY[0]) return;
      const list = event.query.state.data as GroupListItem[] | undefined;
      if (this.connected && list) for (const g of list) this.join(g.id);
    });
  }

  private join(groupId: number) {
    if (this.joined.has(groupId)) return;
    if (this.send({ type: "join_group", groupId })) this.joined.add(groupId);
  }

  stop() {
    this.stopped = true;
    this.unwatchCache?.();
    window.removeEventListener("online", this.reconnectNow);
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close(1000, "Signed out");
    this.ws = null;
  }

  subscribe = (type: string, handler: (message: unknown) => void) => {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler as Handler);
    return () => void set.delete(handler as Handler);
  };

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

  private open() {
    const ws = this.createSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      // The server knows who we are from the cookie; auth just asks for the group list.
      ws.send(JSON.stringify({ type: "auth" }));
    };
    ws.onmessage = (event) => {
      let parsed: ServerMessage;
      try {
        const result = serverMessageSchema.safeParse(JSON.parse(String(event.data)));
        if (!result.success) return;
        parsed = result.data;
      } catch {
        return;
      }
      this.dispatch(parsed);
    };
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

  private dispatch(message: ServerMessage) {
    switch (message.type) {
      case "auth_success": {
        const reconnect = this.hadSession;
        this.hadSession = true;
        this.joined.clear();
        for (const g of message.groups) this.join(g.id);
        this.setConnected(true);
        if (reconnect) void this.qc.invalidateQueries({ queryKey: GROUPS_KEY });
        break;
      }
      case "joined_group":
        // Whatever arrived between the last fetch and this join (a reconnect, or a group just joined).
        void this.catchUp(message.groupId);
        break;
      case "new_message":
        addMessagesToCache(this.qc, message.message.groupId, [message.message]);
        // The list's last message and unread badge change in place: no refetch per message on every client.
        if (!applyToGroupList(this.qc, message.message, this.myId))
          void this.qc.invalidateQueries({ queryKey: GROUPS_KEY });
        break;
      case "vote_update":
        applyVoteUpdate(this.qc, message, this.myId);
        break;
      default:
        break;
    }
    for (const handler of this.handlers.get(message.type) ?? []) handler(message);
  }

  /** Everything newer than the last id held for a group, by cursor. */
  private async catchUp(groupId: number) {
    const after = newestHeldId(this.qc, groupId);
    if (after == null) return;
    try {
      const missed = await apiJson<ChatMessage[]>(
        "GET",
        `/api/chat/messages/${groupId}?after=${after}&limit=${CATCH_UP_LIMIT}`,
      );
      if (missed.length >= CATCH_UP_LIMIT) await this.qc.resetQueries({ queryKey: messagesKey(groupId) });
      else addMessagesToCache(this.qc, groupId, missed);
    } catch {
      await this.qc.invalidateQueries({ queryKey: messagesKey(groupId) });
    }
  }
}

/**
 * A new message as the group list shows it: the group's last message, and one more unread unless it is
 * the reader's own. False when the list is not cached or does not hold the group (then it is refetched).
 */
export function applyToGroupList(qc: QueryClient, message: ChatMessage, myId: number): boolean {
  const list = qc.getQueryData<GroupListItem[]>(GROUPS_KEY);
  if (!list?.some((g) => g.id === message.groupId)) return false;
  qc.setQueryData<GroupListItem[]>(GROUPS_KEY, (groups) =>
    groups?.map((g) =>
      g.id === message.groupId && (g.lastMessage == null || g.lastMessage.id < message.id)
        ? { ...g, lastMessage: message, unreadCount: message.userId === myId ? g.unreadCount : g.unreadCount + 1 }
        : g,
    ),
  );
  return true;
}

const noop: SocketApi = { connected: false, subscribe: () => () => {}, send: () => false };
const SocketContext = createContext<SocketApi>(noop);

/** Mounted once inside the signed-in shell: the app's only socket. */
export function SocketProvider({ children, createSocket }: { children: ReactNode; createSocket?: SocketFactory }) {
  const qc = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id;
  const [manager, setManager] = useState<SocketManager | null>(null);
  const [connected, setConnected] = useState(false);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!userId || (!createSocket && typeof WebSocket === "undefined")) return;
    const m = new SocketManager(qc, userId, undefined, createSocket);
    m.onStatus = setConnected;
    m.onSessionEnded = () => {
      signOutLocally(qc);
      navigate("/auth");
    };
    m.start();
    setManager(m);
    return () => {
      m.stop();
      setManager(null);
      setConnected(false);
    };
  }, [qc, userId, createSocket, navigate]);

  const value = useMemo<SocketApi>(
    () => (manager ? { connected, subscribe: manager.subscribe, send: manager.send } : noop),
    [manager, connected],
  );
  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}

export function useSocket(): SocketApi {
  return useContext(SocketContext);
}
