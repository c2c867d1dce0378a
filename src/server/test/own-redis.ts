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
    /** Starts redis-server and waits for its PING; a server that exits or never answers fails with its output. */
    async start() {
      const started = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      child = started;
      let output = "";
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
      };
      started.stdout?.on("data", keep);
      started.stderr?.on("data", keep);
      let exitedWith: string | undefined;
      started.once("exit", (code, signal) => {
        exitedWith = `exited with ${signal ?? code}`;
      });
      // A fresh client each try: a client that failed once keeps reconnecting, and connect() then refuses.
      const answers = async () => {
        const client = new Redis(redis.url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
        client.on("error", () => {}); // refused until the server listens: expected
        try {
          await client.connect();
          await client.ping();
          return true;
        } catch {
          return false;
        } finally {
          client.disconnect();
        }
      };
      for (let i = 0; i < 100 && !exitedWith; i++) {
        if (await answers()) return;
        await sleep(50);
      }
      const why = exitedWith ?? "did not answer PING within 5 s";
      await redis.stop();
      throw new Error(`redis-server on port ${port} ${why}:\n${output || "(no output)"}`);
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) {
        child = undefined;
        return;
      }
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
      child = undefined;
    },
  };
  return redis;
}
