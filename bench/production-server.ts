/**
 * A tree's production build served with the demo city, for bench/client.ts: this repository, or another
 * checkout of Link (`--before DIR`, an older commit built with its own scripts and packages), so the two can be
 * measured turn about in the same minutes of the same host.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";

export interface ProductionServer {
  /** What the rows call it: "after" (this tree) or "before". */
  label: string;
  origin: string;
  port: number;
  clientDist: string;
  /** The demo account's session cookie. */
  session: { name: string; value: string };
}

/** `npm run build`'s output of `tree` (its scripts/build.mjs), served on `port` with the demo city. */
export async function startProductionServer({
  label,
  tree,
  port,
  work,
}: {
  label: string;
  tree: string;
  port: number;
  work: string;
}): Promise<ProductionServer & { stop: () => void }> {
  const origin = `http://127.0.0.1:${port}`;
  const clientDist = path.join(work, `${label}-client`);
  // Inside the tree: the bundled server resolves its packages from that tree's node_modules.
  const serverDist = path.join(tree, `node_modules/.cache/link-bench-client-server-${process.pid}-${label}`);
  const env = { ...process.env, CLIENT_DIST: clientDist, SERVER_DIST: serverDist };
  execFileSync(process.execPath, [path.join(tree, "scripts/build.mjs"), "--quiet"], {
    cwd: tree,
    env,
    stdio: "inherit",
  });
  const server: ChildProcess = spawn(process.execPath, [path.join(serverDist, "main.js")], {
    cwd: tree,
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(work, `${label}-data`),
      LOG_LEVEL: "warn",
      SEED: "true",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = () => {
    server.kill("SIGTERM");
    rmSync(serverDist, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      const ok = await fetch(`${origin}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`${label}: server did not become ready`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const login = await fetch(`${origin}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ username: "alex", password: "linkdemo" }),
    });
    const cookie = (login.headers.getSetCookie().find((c) => c.startsWith("link_session=")) ?? "").split(";")[0];
    if (!cookie) throw new Error(`${label}: demo login failed: ${login.status}`);
    const [name, value] = cookie.split("=");
    return { label, origin, port, clientDist, session: { name, value }, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** The tree at `dir` is a Link checkout with its packages installed. */
export function assertTree(dir: string) {
  for (const needed of ["scripts/build.mjs", "node_modules/vite", "src/server/main.ts"])
    if (!existsSync(path.join(dir, needed)))
      throw new Error(`${dir} has no ${needed}: check it out and run npm ci there`);
}
