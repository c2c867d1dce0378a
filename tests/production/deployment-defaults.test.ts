import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCESS_CODES } from "#server/config";
import { exitOf, freePort, requireBuild, run, start, waitForHealth } from "./processes";

// A deployment started as the docs once allowed (no ACCESS_CODES) must not open with the README's public codes,
// the demo accounts or the demo invite. The built server, started as the Docker image starts it.
const dist = inject("build");
const scratch = mkdtempSync(path.join(tmpdir(), "link-deploy-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The environment of an operator's shell: Vitest's NODE_ENV=test and any ACCESS_CODES of the caller left out. */
function operatorEnv(env: Record<string, string>) {
  const { NODE_ENV: _env, ACCESS_CODES: _codes, REGISTRATION: _registration, SEED: _seed, ...shell } = process.env;
  return { ...shell, SERVER_DIST: dist.server, CLIENT_DIST: dist.client, LOG_LEVEL: "warn", ...env };
}

/** A deployment's environment: its own codes and origin, on loopback, the embedded database in one folder. */
const deployedEnv = () =>
  operatorEnv({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: "https://link.example",
    ACCESS_CODES: "4815162342",
    DATA_DIR: path.join(scratch, "deployed"),
  });

async function startDeployed() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start("node", [path.join(dist.server, "main.js")], { ...deployedEnv(), PORT: String(port) });
  await waitForHealth(base, server.child).catch((error) => {
    server.child.kill("SIGKILL");
    throw new Error(`${error.message}\n${server.output()}`);
  });
  return { base, server };
}

async function stop(server: ReturnType<typeof start>) {
  server.child.kill("SIGTERM");
  await exitOf(server.child);
}

const post = (base: string, url: string, body: unknown) =>
  fetch(`${base}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** Starts the built server with this environment and waits (up to 60 s) for it to give up. */
async function refusedStart(env: Record<string, string>) {
  requireBuild(dist);
  const port = await freePort();
  const server = start(
    "node",
    [path.join(dist.server, "main.js")],
    operatorEnv({ ...env, PORT: String(port), DATA_DIR: path.join(scratch, `refused-${port}`) }),
  );
  const exited = await Promise.race([
    exitOf(server.child),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 60_000)),
  ]);
  if (exited === null) server.child.kill("SIGKILL");
  return { code: exited?.code, output: server.output() };
}

describe("a deployment chooses its access codes and gets no demo data", () => {
  it.each([
    [
      "NODE_ENV=production on HOST 0.0.0.0 behind a proxy",
      { NODE_ENV: "production", HOST: "0.0.0.0", TRUST_PROXY: "1" },
    ],
    ["NODE_ENV=production on a public HOST", { NODE_ENV: "production", HOST: "203.0.113.7" }],
  ])("%s with ACCESS_CODES but no PUBLIC_ORIGIN: refuses to start, naming what to set", async (_name, env) => {
    const { code, output } = await refusedStart({ ...env, ACCESS_CODES: "4815162342" });
    expect(code, output).toBe(1);
    expect(output).toMatch(/Invalid environment variable PUBLIC_ORIGIN: a deployment .*PUBLIC_ORIGIN=https:/);
  });

  it.each([
    ["NODE_ENV=production on HOST 0.0.0.0", { NODE_ENV: "production", HOST: "0.0.0.0" }],
    ["PUBLIC_ORIGIN set", { NODE_ENV: "production", HOST: "127.0.0.1", PUBLIC_ORIGIN: "https://link.example" }],
  ])("%s without ACCESS_CODES: refuses to start, naming what to set", async (_name, env) => {
    const { code, output } = await refusedStart(env);
    expect(code, output).toBe(1);
    expect(output).toMatch(/Invalid environment variable ACCESS_CODES: .*set ACCESS_CODES .*REGISTRATION=open/);
  });

  it("with ACCESS_CODES: starts on the embedded database, seeds nothing, and the demo codes answer invalid", async () => {
    requireBuild(dist);
    const { base, server } = await startDeployed();
    try {
      for (const code of DEMO_ACCESS_CODES) {
        const res = await post(base, "/api/access-codes/verify", { code });
        expect(await res.json()).toEqual({ valid: false });
      }
      expect(await (await post(base, "/api/access-codes/verify", { code: "4815162342" })).json()).toEqual({
        valid: true,
      });
      const demoLogin = await post(base, "/api/login", { username: "alex", password: "linkdemo" });
      expect(demoLogin.status).toBe(401);
      expect((await fetch(`${base}/api/group-invite/explore-sf-demo`)).status).toBe(404);
    } finally {
      await stop(server);
    }
  });

  it("npm run moderator grants the stored role: refused while the server holds the folder, honoured after", async () => {
    requireBuild(dist);
    let { base, server } = await startDeployed();
    let session = "";
    try {
      const verify = await post(base, "/api/access-codes/verify", { code: "4815162342" });
      const grant = verify.headers
        .getSetCookie()
        .find((c) => c.startsWith("link_access_grant="))
        ?.split(";")[0];
      const register = await fetch(`${base}/api/register`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: grant ?? "" },
        body: JSON.stringify({
          fullName: "Site Owner",
          username: "owner1",
          email: "owner1@example.com",
          password: "secret123",
        }),
      });
      expect(register.status, await register.clone().text()).toBe(201);
      session =
        register.headers
          .getSetCookie()
          .find((c) => c.startsWith("link_session="))
          ?.split(";")[0] ?? "";
      expect((await fetch(`${base}/api/admin/reports`, { headers: { cookie: session } })).status).toBe(403);
      const whileRunning = await run("npm", ["run", "--silent", "moderator", "--", "grant", "owner1"], deployedEnv());
      expect(whileRunning.code, whileRunning.output).toBe(1);
      expect(whileRunning.output).toContain(`a server (pid ${server.child.pid}) is running on`);
    } finally {
      await stop(server);
    }
    const granted = await run("npm", ["run", "--silent", "moderator", "--", "grant", "Owner1"], deployedEnv());
    expect(granted.code, granted.output).toBe(0);
    expect(granted.output.trim()).toBe("owner1 is now a moderator");
    ({ base, server } = await startDeployed());
    try {
      expect((await fetch(`${base}/api/admin/reports`, { headers: { cookie: session } })).status).toBe(200);
    } finally {
      await stop(server);
    }
  });
});
