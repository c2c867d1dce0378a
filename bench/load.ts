// One load run with autocannon, as the HTTP benches (feed.ts, matching.ts) take it: in a child process, so
// the load generator never shares the measured server's event loop, with its summary read back as JSON.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

const autocannonBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve("autocannon/package.json")),
  "autocannon.js",
);

export interface LoadRun {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** Drives autocannon's API in the child: each request takes the next (path, cookie) pair, round-robin. */
const ROUND_ROBIN = `
const autocannon = require(process.env.AUTOCANNON);
const { origin, pairs, connections, seconds } = JSON.parse(require("node:fs").readFileSync(process.env.ROUND_ROBIN, "utf8"));
let next = 0;
autocannon({ url: origin, connections, duration: seconds, requests: [{ setupRequest(req) {
  const [path, cookie] = pairs[next++ % pairs.length];
  return { ...req, method: "GET", path, headers: { ...req.headers, cookie } };
} }] }, (error, result) => {
  if (error) throw error;
  process.stdout.write(JSON.stringify(result));
});`;

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Sent with every request of a one-cookie run (a conditional GET). */
  ifNoneMatch?: string;
}

/**
 * One run against `url` as one cookie, or against an origin with a list of (path, cookie) pairs asked
 * round-robin (written to a file: thousands of them overflow a child's environment).
 */
export function autocannon(
  url: string,
  cookie: string | Array<[string, string]>,
  { connections, seconds, ifNoneMatch }: LoadOptions,
): Promise<LoadRun> {
  return new Promise((resolve, reject) => {
    let list: string | null = null;
    let child: ChildProcess;
    if (typeof cookie === "string") {
      const conditional = ifNoneMatch ? ["-H", `if-none-match=${ifNoneMatch}`] : [];
      const args = ["-c", String(connections), "-d", String(seconds), "-j", "-H", `cookie=${cookie}`];
      child = spawn(process.execPath, [autocannonBin, ...args, ...conditional, url], {
        stdio: ["ignore", "pipe", "pipe"],
      });
    } else {
      list = path.join(os.tmpdir(), `link-bench-${process.pid}-${randomUUID()}.json`);
      writeFileSync(list, JSON.stringify({ origin: url, pairs: cookie, connections, seconds }));
      child = spawn(process.execPath, ["-e", ROUND_ROBIN], {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, AUTOCANNON: path.dirname(autocannonBin), ROUND_ROBIN: list },
      });
    }
    let out = "";
    child.stdout?.on("data", (d) => {
      out += d;
    });
    child.on("error", reject);
    child.on("exit", () => {
      if (list) rmSync(list, { force: true });
      try {
        const r = JSON.parse(out);
        resolve({
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          requests: r.requests.total,
          non2xx: r.non2xx,
          errors: r.errors,
        });
      } catch (error) {
        reject(new Error(`autocannon output unreadable: ${String(error)} ${out.slice(0, 200)}`));
      }
    });
  });
}
