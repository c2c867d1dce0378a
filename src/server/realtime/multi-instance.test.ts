import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { testConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { openSocketsHere } from "../modules/push/presence";
import { as, registerUser } from "../test/test-app";
import { type Bus, createRedisBus } from "./bus";
import { openSocket } from "./socket-test-client";

const databaseServer = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(databaseServer && redisUrl);
if (!enabled) console.log("multi-instance test skipped: set TEST_DATABASE_URL and TEST_REDIS_URL to run it");

/** Each run gets its own channel namespace on the shared Redis, so parallel runs never cross. */
function prefixed(bus: Bus, prefix: string): Bus {
  return {
    publish: (channel, payload) => bus.publish(`${prefix}${channel}`, payload),
    subscribe: (channel, onMessage) => bus.subscribe(`${prefix}${channel}`, onMessage),
    close: () => bus.close(),
  };
}

describe.skipIf(!enabled)("two instances sharing PostgreSQL and Redis", () => {
  const dbName = `link_multi_${randomBytes(6).toString("hex")}`;
  const prefix = `test-${randomBytes(6).toString("hex")}:`;
  const instances: { app: Awaited<ReturnType<typeof buildApp>>; database: Database; bus: Bus; base: string }[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseServer });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(databaseServer as string);
    url.pathname = `/${dbName}`;
    for (let i = 0; i < 2; i++) {
      // Both instances migrate the same database; the second finds it already migrated.
      const database = await openDatabase(url.toString());
      const bus = prefixed(createRedisBus(redisUrl as string), prefix);
      const app = await buildApp({ config: testConfig({ AUTH_RATE_LIMIT: 1000 }), database, bus });
      const base = await app.listen({ port: 0, host: "127.0.0.1" });
      instances.push({ app, database, bus, base });
    }
  });

  afterAll(async () => {
    for (const i of instances) {
      await i.app.close();
      await i.bus.close();
      await i.database.close();
    }
    const admin = new pg.Client({ connectionString: databaseServer });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

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
