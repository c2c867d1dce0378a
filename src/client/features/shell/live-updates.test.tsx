import type { ChatMessage } from "@contract/chat";
import type { GroupListItem } from "@contract/groups";
import { QueryClient, useQueryClient } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "@/features/auth/use-auth";
import type { MessagePages } from "@/features/groups/api/chat-messages";
import { groupKeys } from "@/features/groups/api/keys";
import { syncGroups } from "@/features/groups/live-sync";
import { loadFrameSchema, RealtimeConnection } from "@/lib/realtime/connection";
import { useRealtime } from "@/lib/realtime/provider";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { LiveUpdates } from "./live-updates";

const GROUPS_KEY = groupKeys.list();
const messagesKey = groupKeys.messages;

/** A stand-in for the browser WebSocket: records what the client sends and lets the test play the server. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Array<{ type: string; [key: string]: unknown }> = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.drop(code);
  }
  // Test side.
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}
const factory = (url: string) => new FakeSocket(url) as unknown as WebSocket;
const last = () => FakeSocket.all[FakeSocket.all.length - 1];

const message = (id: number, groupId = 5): ChatMessage => ({
  id,
  groupId,
  userId: 2,
  message: `m${id}`,
  sentAt: new Date(2030, 0, 1, 12, id).toISOString(),
  userName: "Bob Baker",
  messageType: "text",
  attachmentUrl: null,
  referenceData: null,
});
const group = (id: number) => ({ id, name: `G${id}` }) as GroupListItem;
const heldIds = (qc: QueryClient, groupId: number) =>
  (qc.getQueryData<MessagePages>(messagesKey(groupId))?.pages.flat() ?? []).map((m) => m.id);

/** Plays the server's side of a successful handshake for groups 5 and 9. */
function handshake(socket: FakeSocket) {
  socket.open();
  expect(socket.sent).toEqual([{ type: "auth" }]);
  socket.receive({
    type: "auth_success",
    userId: 1,
    groups: [
      { id: 5, name: "G5" },
      { id: 9, name: "G9" },
    ],
  });
  expect(socket.sent.slice(1)).toEqual([
    { type: "join_group", groupId: 5 },
    { type: "join_group", groupId: 9 },
  ]);
  socket.receive({ type: "joined_group", groupId: 5 });
  socket.receive({ type: "joined_group", groupId: 9 });
}

/** The app's connection with the groups feature attached, as the signed-in shell builds it for user 1. */
function live(qc: QueryClient) {
  const connection = new RealtimeConnection("ws://app.test/ws", factory);
  syncGroups(connection, qc, 1);
  return connection;
}

// The connection loads the frame schema when it starts; loaded here first, frames are handled as they arrive.
beforeAll(() => loadFrameSchema());
beforeEach(() => {
  FakeSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the connection with groups attached: reconnect", () => {
  it("after an abnormal close backs off 1 s, 2 s, 4 s, then re-authenticates, re-joins and fetches what it missed", async () => {
    vi.useFakeTimers();
    // The top of each jittered window: delays are exactly 1 s, 2 s, 4 s.
    vi.spyOn(Math, "random").mockReturnValue(1);
    // What the server holds beyond id 12; the catch-up of the first connection finds nothing.
    let sentWhileAway: ChatMessage[] = [];
    const fetchMock = mockFetch((url) => {
      if (url.startsWith("/api/chat/messages/5?after=12")) return jsonResponse(200, sentWhileAway);
      if (url.startsWith("/api/chat/messages/")) return jsonResponse(200, []);
      return jsonResponse(404, { message: "Not found" });
    });
    const qc = new QueryClient();
    qc.setQueryData(GROUPS_KEY, [group(5), group(9)]);
    qc.setQueryData<MessagePages>(messagesKey(5), { pages: [[message(10), message(12)]], pageParams: [undefined] });
    const manager = live(qc);
    const statuses: boolean[] = [];
    manager.onStatus = (c) => statuses.push(c);
    manager.start();

    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toBe("ws://app.test/ws");
    handshake(last());
    expect(manager.connected).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(["/api/chat/messages/5?after=12&limit=100"]);
    expect(heldIds(qc, 5)).toEqual([10, 12]);
    fetchMock.mockClear();
    sentWhileAway = [message(13), message(14)];

    // The server goes away (1006): nothing before 1 s, a new socket at 1 s.
    last().drop(1006);
    expect(manager.connected).toBe(false);
    expect(manager.send({ type: "join_group", groupId: 5 })).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);

    // That attempt fails before opening: the next waits 2 s, the one after 4 s.
    last().drop(1006);
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(3);
    last().drop(1006);
    await vi.advanceTimersByTimeAsync(3999);
    expect(FakeSocket.all).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(4);

    // This one gets through: auth again, join both groups again, catch up by cursor.
    const groupsBefore = qc.getQueryState(GROUPS_KEY)?.isInvalidated;
    expect(groupsBefore).toBe(false);
    handshake(last());
    await vi.advanceTimersByTimeAsync(0);
    expect(manager.connected).toBe(true);
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(urls).toContain("/api/chat/messages/5?after=12&limit=100");
    // Group 9 was never loaded, so there is nothing to catch up on there.
    expect(urls.some((u) => u.startsWith("/api/chat/messages/9"))).toBe(false);
    expect(heldIds(qc, 5)).toEqual([10, 12, 13, 14]);
    // Unread counts and last messages may have changed meanwhile.
    expect(qc.getQueryState(GROUPS_KEY)?.isInvalidated).toBe(true);
    expect(statuses).toEqual([true, false, false, false, true]);

    // A success resets the backoff: the next drop waits 1 s again.
    last().drop(1001);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(5);
    manager.stop();
  });

  it("jitters each delay within the lower half of its window", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0);
    mockFetch(() => jsonResponse(200, []));
    const manager = live(new QueryClient());
    manager.start();
    last().drop(1006);
    await vi.advanceTimersByTimeAsync(499);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    manager.stop();
  });

  it("does not reconnect after a deliberate close (1000) or after stop()", async () => {
    vi.useFakeTimers();
    mockFetch(() => jsonResponse(200, []));
    const manager = live(new QueryClient());
    manager.start();
    handshake(last());
    last().drop(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    const other = live(new QueryClient());
    other.start();
    handshake(last());
    other.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("replaces a catch-up that missed too much with a fresh newest page", async () => {
    vi.useFakeTimers();
    const many = Array.from({ length: 100 }, (_, i) => message(13 + i));
    mockFetch((url) => jsonResponse(200, url.includes("after=12") ? many : []));
    const qc = new QueryClient();
    qc.setQueryData<MessagePages>(messagesKey(5), { pages: [[message(12)]], pageParams: [undefined] });
    const manager = live(qc);
    manager.start();
    handshake(last());
    await vi.advanceTimersByTimeAsync(0);
    // resetQueries drops the held pages; the chat refetches its newest page when it is shown.
    expect(heldIds(qc, 5)).toEqual([]);
    manager.stop();
  });
});

describe("new_message and the group list", () => {
  it("updates the cached list in place (last message, unread for others' messages) without refetching it", async () => {
    vi.useFakeTimers();
    const fetches = mockFetch(() => jsonResponse(200, []));
    const qc = new QueryClient();
    qc.setQueryData<GroupListItem[]>(GROUPS_KEY, [
      { ...group(5), unreadCount: 0, lastMessage: null },
      { ...group(9), unreadCount: 2, lastMessage: null },
    ]);
    const manager = live(qc);
    manager.start();
    handshake(last());
    await vi.advanceTimersByTimeAsync(0);
    const calls = fetches.mock.calls.length;
    last().receive({ type: "new_message", message: message(20, 5) });
    last().receive({ type: "new_message", message: { ...message(21, 5), userId: 1 } });
    const list = qc.getQueryData<GroupListItem[]>(GROUPS_KEY) ?? [];
    expect(list.find((g) => g.id === 5)).toMatchObject({ unreadCount: 1, lastMessage: { id: 21, message: "m21" } });
    expect(list.find((g) => g.id === 9)).toMatchObject({ unreadCount: 2, lastMessage: null });
    expect(qc.getQueryState(GROUPS_KEY)?.isInvalidated).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches.mock.calls.length).toBe(calls);
    // A group the list does not hold yet (just joined elsewhere): the list is fetched again.
    last().receive({ type: "new_message", message: message(22, 7) });
    expect(qc.getQueryState(GROUPS_KEY)?.isInvalidated).toBe(true);
    manager.stop();
  });
});

describe("left_group", () => {
  it("a group the person was taken off reads its list and chat again, and a list that still holds it rejoins", async () => {
    vi.useFakeTimers();
    mockFetch(() => jsonResponse(200, []));
    const qc = new QueryClient();
    qc.setQueryData<GroupListItem[]>(GROUPS_KEY, [group(5), group(9)]);
    qc.setQueryData<MessagePages>(messagesKey(5), { pages: [[message(12)]], pageParams: [undefined] });
    const manager = live(qc);
    manager.start();
    handshake(last());
    await vi.advanceTimersByTimeAsync(0);
    const sent = last().sent.length;
    last().receive({ type: "left_group", groupId: 5 });
    expect(qc.getQueryState(GROUPS_KEY)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(messagesKey(5))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(messagesKey(9))?.isInvalidated).not.toBe(true);
    // The stale list still names the group: it is not joined again from it.
    expect(last().sent.slice(sent)).toEqual([]);
    // The list read again still holds it (the person was let back in meanwhile) and a new group: both joined.
    qc.setQueryData<GroupListItem[]>(GROUPS_KEY, [group(5), group(9), group(11)]);
    expect(last().sent.slice(sent)).toEqual([
      { type: "join_group", groupId: 5 },
      { type: "join_group", groupId: 11 },
    ]);
    manager.stop();
  });
});

function Status() {
  const { connected } = useRealtime();
  return <p>{connected ? "Live" : "Offline"}</p>;
}

describe("LiveUpdates", () => {
  it("opens the one socket through the injected factory once signed in and reports the connection", async () => {
    mockFetch((url) =>
      url === "/api/user" ? jsonResponse(200, { id: 1, fullName: "Vera", username: "vera" }) : jsonResponse(200, []),
    );
    renderWithProviders(
      <LiveUpdates createSocket={factory}>
        <Status />
      </LiveUpdates>,
    );
    expect(screen.getByText("Offline")).toBeInTheDocument();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    handshake(last());
    expect(await screen.findByText("Live")).toBeInTheDocument();
    last().drop(1006);
    expect(await screen.findByText("Offline")).toBeInTheDocument();
  });

  it("after a 4401 close (session ended) stops reconnecting, signs out with the caches cleared and goes to /auth", async () => {
    window.history.replaceState(null, "", "/groups");
    mockFetch((url) =>
      url === "/api/user"
        ? jsonResponse(200, { id: 1, fullName: "Vera", username: "vera" })
        : jsonResponse(200, [group(5)]),
    );
    let held: QueryClient | null = null;
    function Who() {
      const { user } = useAuth();
      const qc = useQueryClient();
      held = qc;
      return (
        <p>
          {user ? `Signed in as ${user.username}` : "Signed out"} /{" "}
          {qc.getQueryData(GROUPS_KEY) ? "groups cached" : "no groups cached"}
        </p>
      );
    }
    renderWithProviders(
      <LiveUpdates createSocket={factory}>
        <Who />
      </LiveUpdates>,
    );
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    act(() => void held?.setQueryData(GROUPS_KEY, [group(5)]));
    handshake(last());
    expect(await screen.findByText(/Signed in as vera/)).toBeInTheDocument();
    vi.useFakeTimers();
    act(() => last().drop(4401));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    vi.useRealTimers();
    expect(FakeSocket.all).toHaveLength(1);
    expect(screen.getByText("Signed out / no groups cached")).toBeInTheDocument();
    expect(window.location.pathname).toBe("/auth");
  });

  it("shows a frame the server refused (a vote over the budget) as a toast", async () => {
    mockFetch((url) =>
      url === "/api/user" ? jsonResponse(200, { id: 1, fullName: "Vera", username: "vera" }) : jsonResponse(200, []),
    );
    renderWithProviders(
      <LiveUpdates createSocket={factory}>
        <Status />
      </LiveUpdates>,
    );
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    handshake(last());
    expect(await screen.findByText("Live")).toBeInTheDocument();
    expect(screen.queryByText("Too many requests, try again in 12 s")).not.toBeInTheDocument();
    act(() => last().receive({ type: "error", message: "Too many requests, try again in 12 s" }));
    expect(await screen.findByText("Too many requests, try again in 12 s")).toBeInTheDocument();
  });
});
