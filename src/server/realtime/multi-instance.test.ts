import { describe, expect, it } from "vitest";
import { CHAT_BURST_MESSAGES } from "#contract/limits";
import { openSocketsHere } from "../modules/delivery/presence";
import { instancesAvailable, instancesForSuite, needsPostgresTier } from "../test/instances";
import { as, registerUser } from "../test/test-app";
import { openSocket } from "./socket-test-client";

if (!instancesAvailable) console.log(`multi-instance test skipped: ${needsPostgresTier}`);

describe.skipIf(!instancesAvailable)("two instances sharing PostgreSQL and Redis", () => {
  const instances = instancesForSuite(2);

  it("delivers a message posted on one instance to a socket on the other", async () => {
    const [one, two] = instances;
    expect(one.base).not.toBe(two.base);
    const a = await registerUser(one.app);
    const b = await registerUser(one.app);
    const group = (
      await as(one.app, a.cookie)({ method: "POST", url: "/api/groups", payload: { name: "Across", isPrivate: true } })
    ).json() as { id: number; inviteCode: string };
    // B joins through instance two: sessions and data live in the shared database.
    const joined = await as(two.app, b.cookie)({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` });
    expect(joined.statusCode).toBe(200);

    const sa = await openSocket(one.base, a.cookie);
    const sb = await openSocket(two.base, b.cookie);
    for (const s of [sa, sb]) {
      s.send({ type: "join_group", groupId: group.id });
      await s.next("joined_group");
    }
    sa.send({ type: "chat_message", groupId: group.id, message: "hello from one" });
    const arrived = await sb.next("new_message", undefined, 3000);
    expect(arrived.message).toMatchObject({ message: "hello from one", userId: a.user.id });

    await as(
      two.app,
      b.cookie,
    )({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: "hello from two" } });
    expect((await sa.next("new_message", (m) => m.message.message === "hello from two")).message.userId).toBe(
      b.user.id,
    );
    await Promise.all([sa.close(), sb.close()]);
  });

  it("the chat burst budget holds across instances: 60 messages at once on sockets of both store 20", async () => {
    const [one, two] = instances;
    const a = await registerUser(one.app);
    const group = (
      await as(one.app, a.cookie)({ method: "POST", url: "/api/groups", payload: { name: "Burst", isPrivate: true } })
    ).json() as { id: number };
    const sockets = [
      await openSocket(one.base, a.cookie),
      await openSocket(two.base, a.cookie),
      await openSocket(two.base, a.cookie),
    ];
    for (const s of sockets)
      for (let i = 0; i < 20; i++) s.send({ type: "chat_message", groupId: group.id, message: `b${i}` });
    const answers = (s: (typeof sockets)[number]) =>
      s.received.filter((m) => m.type === "message_ack" || m.type === "message_error");
    for (let i = 0; i < 200 && sockets.some((s) => answers(s).length < 20); i++)
      await new Promise((r) => setTimeout(r, 50));
    const all = sockets.flatMap(answers);
    expect(all).toHaveLength(60);
    expect(all.filter((m) => m.type === "message_ack")).toHaveLength(CHAT_BURST_MESSAGES);
    const stored = (
      await as(two.app, a.cookie)({ method: "GET", url: `/api/chat/messages/${group.id}?limit=100` })
    ).json() as unknown[];
    expect(stored).toHaveLength(CHAT_BURST_MESSAGES);
    await Promise.all(sockets.map((s) => s.close()));
  });

  it("a socket on one instance counts as the app open on the other (push skips the user), and stops counting when it closes", async () => {
    const [one, two] = instances;
    const a = await registerUser(one.app);
    const waitFor = async (check: () => boolean) => {
      for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
      return check();
    };
    expect(openSocketsHere(two.bus, a.user.id)).toBe(0);
    const socket = await openSocket(one.base, a.cookie);
    expect(await waitFor(() => openSocketsHere(two.bus, a.user.id) === 1)).toBe(true);
    expect(openSocketsHere(one.bus, a.user.id)).toBe(1);
    await socket.close();
    expect(await waitFor(() => openSocketsHere(two.bus, a.user.id) === 0)).toBe(true);
    expect(openSocketsHere(one.bus, a.user.id)).toBe(0);
  });
});
