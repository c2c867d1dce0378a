import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instancesAvailable, instancesForSuite, needsPostgresTier } from "../test/instances";
import { hasRedisServer, ownRedis } from "../test/own-redis";
import { as, registerUser } from "../test/test-app";
import { openSocket, type TestSocket } from "./socket-test-client";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!instancesAvailable || !hasRedisServer)
  console.log(`Redis outage test skipped: ${needsPostgresTier} and redis-server`);

describe.skipIf(!instancesAvailable || !hasRedisServer)(
  "two instances when their Redis dies under chat traffic",
  () => {
    let redis: Awaited<ReturnType<typeof ownRedis>>;
    beforeAll(async () => {
      redis = await ownRedis();
      await redis.start();
    }, 30_000);
    afterAll(async () => {
      await redis?.stop();
    });
    const instances = instancesForSuite(2, { redisUrl: () => redis.url });

    it("every acknowledged message reaches every open socket of the group once, without a reconnect, after Redis returns", {
      timeout: 90_000,
    }, async () => {
      const [one, two] = instances;
      const people = [];
      for (let i = 0; i < 4; i++) people.push(await registerUser(one.app, { fullName: `Member ${i}` }));
      const group = (
        await as(
          one.app,
          people[0].cookie,
        )({ method: "POST", url: "/api/groups", payload: { name: "Outage", isPrivate: true } })
      ).json() as { id: number; inviteCode: string };
      for (const p of people.slice(1)) {
        const joined = await as(
          two.app,
          p.cookie,
        )({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` });
        expect(joined.statusCode).toBe(200);
      }
      // Two members on each instance.
      const sockets: TestSocket[] = [];
      for (const [i, p] of people.entries()) sockets.push(await openSocket((i < 2 ? one : two).base, p.cookie));
      const closes: number[] = [];
      for (const s of sockets) {
        s.ws.on("close", (code) => closes.push(code));
        s.send({ type: "join_group", groupId: group.id });
        await s.next("joined_group");
      }

      // Members 0-2 send over their sockets every 600 ms (inside the burst budget) and member 3 posts over
      // REST to the other instance; acknowledged ids are what must arrive everywhere.
      const acked = new Set<number>();
      const errors: string[] = [];
      let sending = true;
      let outage = false;
      let ackedDuringOutage = 0;
      const senders = sockets.slice(0, 3).map(async (s, i) => {
        for (let n = 0; sending; n++) {
          const clientId = crypto.randomUUID();
          s.send({ type: "chat_message", groupId: group.id, message: `m${i}-${n}`, clientId });
          const answer = await Promise.race([
            s.next("message_ack", (m) => m.clientId === clientId, 10_000),
            s.next("message_error", (m) => m.clientId === clientId, 10_000),
          ]);
          if (answer.type === "message_ack") {
            acked.add(answer.id);
            if (outage) ackedDuringOutage += 1;
          } else errors.push(answer.message);
          await sleep(600);
        }
      });
      const rest = (async () => {
        for (let n = 0; sending; n++) {
          const res = await as(
            one.app,
            people[3].cookie,
          )({
            method: "POST",
            url: "/api/chat/messages",
            payload: { groupId: group.id, message: `rest-${n}`, clientId: crypto.randomUUID() },
          });
          if (res.statusCode === 201) {
            acked.add(res.json().id);
            if (outage) ackedDuringOutage += 1;
          } else errors.push(res.body);
          await sleep(600);
        }
      })();

      await sleep(1000);
      await redis.stop();
      outage = true;
      await sleep(3000);
      await redis.start();
      outage = false;
      await sleep(1500);
      sending = false;
      await Promise.all([...senders, rest]);
      expect(errors).toEqual([]);
      expect(ackedDuringOutage).toBeGreaterThan(0);

      const ready = async (instance: (typeof instances)[number]) => {
        for (let i = 0; i < 100; i++) {
          if ((await instance.app.inject({ method: "GET", url: "/readyz" })).json().status === "ready") return true;
          await sleep(100);
        }
        return false;
      };
      expect(await ready(one)).toBe(true);
      expect(await ready(two)).toBe(true);

      const idsOf = (s: TestSocket) => s.received.flatMap((m) => (m.type === "new_message" ? [m.message.id] : []));
      const missing = () => sockets.map((s) => [...acked].filter((id) => !idsOf(s).includes(id)));
      for (let i = 0; i < 100 && missing().some((m) => m.length > 0); i++) await sleep(100);
      expect(missing()).toEqual([[], [], [], []]);
      // Once each, on the sockets opened before the outage: nobody reconnected.
      for (const s of sockets) expect(idsOf(s)).toEqual([...new Set(idsOf(s))]);
      expect(closes).toEqual([]);
      expect(sockets.every((s) => s.ws.readyState === s.ws.OPEN)).toBe(true);
      await Promise.all(sockets.map((s) => s.close()));
    });
  },
);
