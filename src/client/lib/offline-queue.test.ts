import { beforeEach, describe, expect, it, vi } from "vitest";
import { clearQueue, drainQueue, enqueue, queuedActions } from "./offline-queue";

const ME = 7;
const stored = (id: number, message: string, sentAt = new Date().toISOString()) => ({
  id,
  groupId: 3,
  userId: ME,
  userName: "Me",
  message,
  messageType: "text",
  sentAt,
});

/** A fake server: answers by method and path, records every request. */
function stubServer(answer: (method: string, url: string, body: unknown) => Response | Promise<Response>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      return answer(method, url, body);
    }),
  );
  return calls;
}

const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });

beforeEach(() => clearQueue());

describe("offline queue", () => {
  it("sends queued messages and swipes in order, each once, and empties the queue", async () => {
    enqueue(ME, { kind: "chat", groupId: 3, message: "first" });
    enqueue(ME, { kind: "swipe", eventId: 9, status: "going" });
    enqueue(ME, { kind: "chat", groupId: 3, message: "second" });
    let id = 100;
    const calls = stubServer((_method, url, body) =>
      url === "/api/chat/messages" ? json(stored(++id, (body as { message: string }).message), 201) : json({}, 201),
    );
    const sent: string[] = [];
    await drainQueue(ME, { onChatSent: (m) => sent.push(m.message) });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST /api/chat/messages",
      "POST /api/event-participants",
      "POST /api/chat/messages",
    ]);
    expect(calls[1].body).toEqual({ eventId: 9, userId: ME, status: "going" });
    expect(sent).toEqual(["first", "second"]);
    expect(queuedActions(ME)).toEqual([]);
  });

  it("keeps everything while the network is down, and sends nothing twice when the drain is asked for twice at once", async () => {
    enqueue(ME, { kind: "chat", groupId: 3, message: "hello" });
    stubServer(() => Promise.reject(new TypeError("Failed to fetch")));
    await drainQueue(ME);
    expect(queuedActions(ME)).toHaveLength(1);

    const calls = stubServer((method) => (method === "GET" ? json([]) : json(stored(1, "hello"), 201)));
    await Promise.all([drainQueue(ME), drainQueue(ME)]);
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
    expect(queuedActions(ME)).toEqual([]);
  });

  it("does not resend a message whose earlier attempt reached the server but lost its answer", async () => {
    enqueue(ME, { kind: "chat", groupId: 3, message: "maybe sent" }, { attempted: true });
    const calls = stubServer((method) =>
      method === "GET" ? json([stored(41, "maybe sent")]) : json(stored(42, "maybe sent"), 201),
    );
    const sent: number[] = [];
    await drainQueue(ME, { onChatSent: (m) => sent.push(m.id) });
    expect(calls.map((c) => c.method)).toEqual(["GET"]);
    expect(sent).toEqual([41]);
    expect(queuedActions(ME)).toEqual([]);
  });

  it("drops an item the server refuses (4xx) and reports it; keeps it on 401, 429 and 5xx", async () => {
    enqueue(ME, { kind: "chat", groupId: 3, message: "not a member any more" });
    stubServer(() => json({ message: "Not a member of this group" }, 403));
    const rejected: string[] = [];
    await drainQueue(ME, { onRejected: (_action, error) => rejected.push(error.message) });
    expect(rejected).toEqual(['403: {"message":"Not a member of this group"}']);
    expect(queuedActions(ME)).toEqual([]);

    for (const status of [401, 429, 503]) {
      clearQueue();
      enqueue(ME, { kind: "swipe", eventId: 1, status: "declined" });
      stubServer(() => json({ message: "later" }, status));
      await drainQueue(ME);
      expect(queuedActions(ME)).toHaveLength(1);
    }
  });

  it("does not resend what another tab sent meanwhile (it read the queue from storage, not its own copy)", async () => {
    enqueue(ME, { kind: "chat", groupId: 3, message: "sent by the other tab" });
    // The other tab sent it and emptied the shared queue; this tab still holds its old copy in memory.
    window.localStorage.setItem("link-offline-queue", "[]");
    const calls = stubServer(() => json(stored(1, "x"), 201));
    await drainQueue(ME);
    expect(calls).toEqual([]);
  });

  it("sends only the signed-in person's items; sign-out drops theirs", async () => {
    enqueue(ME, { kind: "chat", groupId: 3, message: "mine" });
    enqueue(8, { kind: "chat", groupId: 3, message: "someone else's" });
    const calls = stubServer(() => json(stored(5, "mine"), 201));
    await drainQueue(ME);
    expect(calls.map((c) => (c.body as { message: string }).message)).toEqual(["mine"]);
    expect(queuedActions(8)).toHaveLength(1);
    clearQueue(8);
    expect(queuedActions(8)).toEqual([]);
  });
});

describe("a chat message with a clientId", () => {
  beforeEach(() => clearQueue());

  it("is resent with the same clientId and no lookup: the server answers the row it already stored", async () => {
    const clientId = crypto.randomUUID();
    enqueue(ME, { kind: "chat", groupId: 3, message: "see you at 7", clientId }, { attempted: true });
    const calls = stubServer(() => json({ ...stored(41, "see you at 7"), clientId }, 201));
    const sent: number[] = [];
    await drainQueue(ME, { onChatSent: (m) => sent.push(m.id) });
    expect(calls).toEqual([
      { method: "POST", url: "/api/chat/messages", body: { groupId: 3, message: "see you at 7", clientId } },
    ]);
    expect(sent).toEqual([41]);
    expect(queuedActions(ME)).toEqual([]);
  });
});
