import { describe, expect, it, vi } from "vitest";
import { RealtimeConnection } from "./connection";

class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
}

describe("RealtimeConnection before the frame schema has loaded", () => {
  it("queues the frames that arrive until the page is idle, then hands them over in order, still checked against the contract", async () => {
    // The schema (and zod) loads once the browser is idle: nothing is handled before that.
    const idle: Array<() => void> = [];
    vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
    let socket = new FakeSocket();
    const connection = new RealtimeConnection("ws://app.test/ws", () => {
      socket = new FakeSocket();
      return socket as unknown as WebSocket;
    });
    const joined: number[] = [];
    connection.subscribe("joined_group", (m) => joined.push(m.groupId));
    connection.start();
    socket.readyState = 1;
    socket.onopen?.();
    socket.onmessage?.({ data: JSON.stringify({ type: "auth_success", userId: 1, groups: [] }) });
    socket.onmessage?.({ data: JSON.stringify({ type: "joined_group", groupId: 5 }) });
    socket.onmessage?.({ data: JSON.stringify({ type: "joined_group", groupId: "not an id" }) });
    socket.onmessage?.({ data: "not json" });
    socket.onmessage?.({ data: JSON.stringify({ type: "joined_group", groupId: 9 }) });
    expect(joined).toEqual([]);
    expect(connection.connected).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(joined).toEqual([]);

    for (const task of idle.splice(0)) task();
    await expect.poll(() => joined).toEqual([5, 9]);
    expect(connection.connected).toBe(true);
    // Loaded now: the next frame is handled as it arrives.
    socket.onmessage?.({ data: JSON.stringify({ type: "joined_group", groupId: 11 }) });
    expect(joined).toEqual([5, 9, 11]);
    connection.stop();
    vi.unstubAllGlobals();
  });
});
