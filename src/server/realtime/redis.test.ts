import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BusEvent } from "#contract/bus";
import { buildApp } from "../app";
import { testConfig } from "../config";
import type { Database } from "../db/client";
import { needsPostgresTier, sharedRedisUrl } from "../test/instances";
import { hasRedisServer, ownRedis } from "../test/own-redis";
import { as, freshDatabaseUrl, openTestDatabase, registerUser } from "../test/test-app";
import { type BusLog, createRedisBus } from "./bus";
import { openSocket, type TestSocket } from "./socket-test-client";

const sharedRedis = sharedRedisUrl;
if (!sharedRedis) console.log(`Redis tests skipped: ${needsPostgresTier}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function capturingLog() {
  const warnings: { details: object; message: string }[] = [];
  const log: BusLog = { warn: (details, message) => void warnings.push({ details, message }), info: () => {} };
  return { log, warnings };
}

/** One app instance on its own fresh database, sharing a Redis at `redisUrl` under `prefix`. */
async function startInstance(redisUrl: string, prefix: string) {
  const { url, drop } = await freshDatabaseUrl();
  const database: Database = await openTestDatabase(url);
  const busLog = capturingLog();
  const bus = createRedisBus(redisUrl, { prefix, log: busLog.log });
  const appLog: { level: number; msg: string }[] = [];
  const app: FastifyInstance = await buildApp({
    config: testConfig({ AUTH_RATE_LIMIT: 1000, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, LOG_LEVEL: "info" }),
    database,
    bus,
    logStream: { write: (line) => void appLog.push(JSON.parse(line)) },
  });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    app,
    bus,
    base,
    busWarnings: busLog.warnings,
    appLog,
    async close() {
      await app.close();
      await bus.close();
      await database.close();
      await drop();
    },
  };
}
type Instance = Awaited<ReturnType<typeof startInstance>>;

/** A user with a group and a socket joined to it; on a fresh database the first group is id 1 everywhere. */
async function memberWithSocket(instance: Instance) {
  const user = await registerUser(instance.app);
  const group = (
    await as(
      instance.app,
      user.cookie,
    )({ method: "POST", url: "/api/groups", payload: { name: "Room", isPrivate: true } })
  ).json() as {
    id: number;
  };
  const socket = await openSocket(instance.base, user.cookie);
  socket.send({ type: "join_group", groupId: group.id });
  await socket.next("joined_group");
  return { user, group, socket };
}

describe.skipIf(!sharedRedis)("the Redis bus on a shared Redis", () => {
  const redisUrl = sharedRedis as string;

  it("drops a message that is not a bus event (not JSON, no type, an unknown type, a wrong shape), logs it, and keeps delivering", async () => {
    const prefix = `test-${randomBytes(6).toString("hex")}:`;
    const { log, warnings } = capturingLog();
    const listener = createRedisBus(redisUrl, { prefix, log });
    const sender = createRedisBus(redisUrl, { prefix });
    const raw = new Redis(redisUrl);
    try {
      const received: BusEvent[] = [];
      await listener.subscribe("group:1", (event) => received.push(event));
      const garbage = [
        "not json {",
        "[1,2,3]",
        '{"no":"type"}',
        "null",
        '"just a string"',
        "\u0000\u0001",
        '{"type":"shout"}',
        '{"type":"new_message","text":"no message object"}',
        '{"type":"membership_ended","groupId":"1"}',
      ];
      for (const message of garbage) await raw.publish(`${prefix}group:1`, message);
      const ended: BusEvent = { type: "membership_ended", groupId: 1 };
      await sender.publish("group:1", ended);
      for (let i = 0; i < 50 && received.length === 0; i++) await sleep(20);
      expect(received).toEqual([ended]);
      expect(listener.stats).toMatchObject({ received: 1, dropped: garbage.length });
      expect(warnings.filter((w) => w.message.includes("dropped a message"))).toHaveLength(garbage.length);
      // The process is alive and the bus still works both ways.
      await listener.publish("group:1", { type: "sessions_revoked", sessionHashes: ["h"] });
      for (let i = 0; i < 50 && received.length < 2; i++) await sleep(20);
      expect(received).toHaveLength(2);
    } finally {
      raw.disconnect();
      await listener.close();
      await sender.close();
    }
  });

  it("puts REDIS_PREFIX in front of every channel", async () => {
    const prefix = `test-${randomBytes(6).toString("hex")}:`;
    const bus = createRedisBus(redisUrl, { prefix });
    const raw = new Redis(redisUrl);
    try {
      await bus.subscribe("user:7", () => {});
      const channels = await raw.pubsub("CHANNELS", `${prefix}*`);
      expect(channels).toEqual([`${prefix}user:7`]);
    } finally {
      raw.disconnect();
      await bus.close();
    }
  });

  describe("two deployments on one Redis", () => {
    const run = randomBytes(6).toString("hex");
    let one: Instance;
    let sameDeployment: Instance;
    let otherDeployment: Instance;
    beforeAll(async () => {
      [one, sameDeployment, otherDeployment] = await Promise.all([
        startInstance(redisUrl, `test-${run}-a:`),
        startInstance(redisUrl, `test-${run}-a:`),
        startInstance(redisUrl, `test-${run}-b:`),
      ]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([one, sameDeployment, otherDeployment].map((i) => i?.close()));
    });

    it("do not see each other's chat (same group id 1 in both); instances of one deployment do", async () => {
      const sender = await memberWithSocket(one);
      const sameGroupIdSameDeployment = await memberWithSocket(sameDeployment);
      const sameGroupIdOtherDeployment = await memberWithSocket(otherDeployment);
      expect(
        new Set([sender.group.id, sameGroupIdSameDeployment.group.id, sameGroupIdOtherDeployment.group.id]),
      ).toEqual(new Set([1]));

      sender.socket.send({ type: "chat_message", groupId: 1, message: "for deployment a only" });
      // The control: another instance of the same deployment (same prefix) hears group 1's message...
      const crossed = await sameGroupIdSameDeployment.socket.next("new_message", undefined, 3000);
      expect(crossed.message).toMatchObject({ message: "for deployment a only" });
      // ...the other deployment, with its own group 1, hears nothing.
      await sleep(300);
      expect(sameGroupIdOtherDeployment.socket.received.filter((m) => m.type === "new_message")).toEqual([]);
      for (const s of [sender, sameGroupIdSameDeployment, sameGroupIdOtherDeployment]) await s.socket.close();
    });

    it("keep their rate-limit counters apart under their prefixes", async () => {
      const raw = new Redis(redisUrl);
      try {
        // Spend one login attempt on each deployment, then look at the keys.
        for (const instance of [one, otherDeployment]) {
          await instance.app.inject({
            method: "POST",
            url: "/api/login",
            payload: { username: "nobody", password: "wrong" },
          });
        }
        const keysA = await raw.keys(`test-${run}-a:*`);
        const keysB = await raw.keys(`test-${run}-b:*`);
        expect(keysA.length).toBeGreaterThan(0);
        expect(keysB.length).toBeGreaterThan(0);
      } finally {
        raw.disconnect();
      }
    });
  });
});

describe.skipIf(!sharedRedis || !hasRedisServer)("when Redis goes down and comes back", () => {
  let redis: Awaited<ReturnType<typeof ownRedis>>;
  let instance: Instance;
  beforeAll(async () => {
    redis = await ownRedis();
    await redis.start();
    instance = await startInstance(redis.url, "outage:");
  }, 60_000);
  afterAll(async () => {
    await instance?.close();
    await redis?.stop();
  });

  const readyz = () => instance.app.inject({ method: "GET", url: "/readyz" });

  it("readiness says degraded (200) naming Redis down, login still answers, local sockets still hear chat, and after it returns readiness is ready and chat crosses the bus again", {
    timeout: 60_000,
  }, async () => {
    const member = await memberWithSocket(instance);
    expect((await readyz()).json()).toEqual({ status: "ready", database: "up", redis: "up" });

    await redis.stop();
    let down = await readyz();
    for (let i = 0; i < 50 && down.json().status !== "degraded"; i++) {
      await sleep(100);
      down = await readyz();
    }
    // Still in the balancer: this instance serves its own sockets without the bus.
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual({ status: "degraded", database: "up", redis: "down" });

    // Rate limits fail open (or fall back to memory): a login is answered, never a 500.
    const login = await instance.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: member.user.user.username, password: member.user.password },
    });
    expect(login.statusCode).toBe(200);
    const wrong = await instance.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "nobody", password: "wrong" },
    });
    expect(wrong.statusCode).toBe(401);
    // ...and the outage is said once, as a warning, by the rate-limit store and by the bus.
    expect(instance.appLog.filter((l) => l.msg.startsWith("rate limits: Redis unreachable"))).toHaveLength(1);
    expect(instance.appLog.find((l) => l.msg.startsWith("rate limits: Redis unreachable"))?.level).toBe(40);
    expect(instance.busWarnings.some((w) => w.message.startsWith("redis bus: connection lost"))).toBe(true);
    // A chat message while Redis is down is stored and reaches this instance's own sockets.
    const during = await as(
      instance.app,
      member.user.cookie,
    )({
      method: "POST",
      url: "/api/chat/messages",
      payload: { groupId: member.group.id, message: "while redis is down" },
    });
    expect(during.statusCode).toBe(201);
    expect((await member.socket.next("new_message", (m) => m.message.id === during.json().id)).message.message).toBe(
      "while redis is down",
    );

    await redis.start();
    let ready = await readyz();
    for (let i = 0; i < 100 && ready.json().status !== "ready"; i++) {
      await sleep(100);
      ready = await readyz();
    }
    expect(ready.json()).toEqual({ status: "ready", database: "up", redis: "up" });
    for (let i = 0; i < 50 && !instance.appLog.some((l) => l.msg === "rate limits: Redis is back"); i++)
      await sleep(50);
    expect(instance.appLog.map((l) => l.msg)).toContain("rate limits: Redis is back");

    // The socket joined before the outage hears a message posted after Redis returned: the bus re-subscribed.
    let arrived: Awaited<ReturnType<TestSocket["next"]>> | undefined;
    for (let attempt = 0; attempt < 10 && !arrived; attempt++) {
      await as(
        instance.app,
        member.user.cookie,
      )({
        method: "POST",
        url: "/api/chat/messages",
        payload: { groupId: member.group.id, message: `after redis returned ${attempt}` },
      });
      arrived = await member.socket
        .next("new_message", (m) => m.message.message.startsWith("after redis returned"), 1000)
        .catch(() => undefined);
    }
    expect(arrived).toBeDefined();
    await member.socket.close();
  });
});
