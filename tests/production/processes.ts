import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { DEMO_ACCESS_CODES } from "#server/config";

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** True when the port can be bound again, i.e. the server really let it go. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

export async function waitForHealth(base: string, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering /healthz`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no /healthz from ${base} within ${timeoutMs} ms`);
}

/** Direct children of a process, from /proc (Linux). */
export function childPids(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

export function commandLine(pid: number): string {
  return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
}

/** Resolves with the exit code (or the signal that ended it) and how long it took from now. */
export function exitOf(
  child: ChildProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const started = Date.now();
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode, ms: 0 });
  }
  return new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, ms: Date.now() - started })),
  );
}

/** Starts `npm <args>` in the repository like a newcomer's terminal would, with output kept for failure messages. */
export function npm(args: string[], env: NodeJS.ProcessEnv, ownProcessGroup = false) {
  return start("npm", args, env, undefined, ownProcessGroup);
}

/** Starts a command (in the repository, or in cwd) with output kept for failure messages. */
export function start(command: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string, ownProcessGroup = false) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: ownProcessGroup,
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

/** Runs a command to its end: exit code and everything it printed. */
export async function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const started = start(command, args, env);
  const { code } = await exitOf(started.child);
  return { code, output: started.output() };
}

/** Registers an account through the real HTTP API (demo access code first) and returns its session cookie. */
export async function registerOverHttp(base: string, username: string): Promise<string> {
  const verify = await fetch(`${base}/api/access-codes/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: DEMO_ACCESS_CODES[0] }),
  });
  const grant = verify.headers.getSetCookie().find((c) => c.startsWith("link_access_grant="));
  if (!grant) throw new Error(`no access grant: ${verify.status} ${await verify.text()}`);
  const register = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: grant.split(";")[0] },
    body: JSON.stringify({ fullName: "Ops Check", username, email: `${username}@example.com`, password: "secret123" }),
  });
  const session = register.headers.getSetCookie().find((c) => c.startsWith("link_session="));
  if (register.status !== 201 || !session)
    throw new Error(`register failed: ${register.status} ${await register.text()}`);
  return session.split(";")[0];
}

/** The tier's build (tests/production/build-once.ts), or the build's own error output. */
export function requireBuild(build: { client: string; server: string; failed: string | null }) {
  if (build.failed) throw new Error(build.failed);
  return build;
}

/** The newest modification time among these files and folders (recursively). */
export function newestMtime(targets: string[]): number {
  return Math.max(
    ...targets.map((target) => {
      const stat = statSync(target);
      if (!stat.isDirectory()) return stat.mtimeMs;
      return Math.max(stat.mtimeMs, newestMtime(readdirSync(target).map((name) => path.join(target, name))));
    }),
  );
}
