import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import { Redis } from "ioredis";

/** redis-server is installed (the outage tests start and kill their own). */
export const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Redis of this test's own, on a free port, that the test stops and starts again. */
export async function ownRedis() {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  let child: ChildProcess | undefined;
  const redis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        { stdio: "ignore" },
      );
      const client = new Redis(redis.url, { lazyConnect: true, retryStrategy: () => 50 });
      client.on("error", () => {}); // refused until the server listens: expected
      for (let i = 0; i < 100; i++) {
        try {
          await client.connect();
          await client.ping();
          break;
        } catch {
          await sleep(50);
        }
      }
      client.disconnect();
    },
    async stop() {
      if (!child) return;
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
      child = undefined;
    },
  };
  return redis;
}
