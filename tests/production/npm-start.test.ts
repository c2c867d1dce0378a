import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import {
  childPids,
  commandLine,
  exitOf,
  freePort,
  newestMtime,
  npm,
  portIsFree,
  registerOverHttp,
  requireBuild,
  start,
  waitForHealth,
} from "./processes";

// The production build started as a newcomer's `npm start` would, stopped by one
// SIGTERM to the one process npm started (as Docker, systemd or a terminal would).
const dist = inject("build");
const dataDir = mkdtempSync(path.join(tmpdir(), "link-prod-data-"));
let port: number;
let base: string;
let server: ReturnType<typeof npm>;
let builtAt: number;

beforeAll(async () => {
  requireBuild(dist);
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  builtAt = statSync(path.join(dist.server, "main.js")).mtimeMs;
  // A newcomer's shell: no NODE_ENV (Vitest sets "test"), the embedded database in a folder of its own.
  const { NODE_ENV: _unset, ...shell } = process.env;
  server = npm(["start"], {
    ...shell,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // The demo seed (12 argon2 hashes) adds nothing to what is tested here.
    SEED: "false",
    LOG_LEVEL: "warn",
    CLIENT_DIST: dist.client,
    SERVER_DIST: dist.server,
  });
  await waitForHealth(base, server.child).catch((error) => {
    throw new Error(`${error.message}\n${server.output()}`);
  });
});

afterAll(async () => {
  // A killed server may still be writing its database for a moment: remove the folder once it has exited.
  if (server?.child.exitCode === null) {
    const exited = exitOf(server.child);
    server.child.kill("SIGKILL");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
});

describe("npm start on a production build", () => {
  it("runs the built server as the very process npm started (sh execs node) and rebuilds only what is stale", () => {
    const children = childPids(server.child.pid!);
    expect(children).toHaveLength(1);
    const serverPid = children[0];
    expect(commandLine(serverPid)).toMatch(/^node .*scripts\/start\.mjs$/);
    // The server is that node process itself: no tsx, npx or second node below it.
    expect(childPids(serverPid)).toEqual([]);
    // A fresh build is used as it is; only a source edited since (others share this tree) rebuilds it.
    if (statSync(path.join(dist.server, "main.js")).mtimeMs !== builtAt) {
      expect(newestMtime(["src/server", "src/contract", "package.json"])).toBeGreaterThan(builtAt);
    }
  });

  it("serves the built client precompressed, hashed assets immutable and robots.txt as a file", async () => {
    const html = await fetch(`${base}/`);
    expect(html.headers.get("cache-control")).toBe("no-cache");
    const page = await html.text();
    // The entry, its preloaded chunks and the stylesheet (the entry itself can be a stub too small to compress).
    const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.filter((a) => a.endsWith(".js")).length, page).toBeGreaterThan(1);
    const encodings = new Map<string, string | null>();
    for (const href of assets) {
      const asset = await fetch(`${base}${href}`, { headers: { "accept-encoding": "br, gzip" } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      encodings.set(href, asset.headers.get("content-encoding"));
    }
    const brotli = assets.filter((a) => encodings.get(a) === "br");
    expect(brotli.some((a) => a.endsWith(".css"))).toBe(true);
    expect(brotli.filter((a) => a.endsWith(".js")).length).toBeGreaterThan(0);
    const robots = await fetch(`${base}/robots.txt`);
    expect(robots.headers.get("content-type")).toMatch(/text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent: \*/);
  });

  it("the demo (no PUBLIC_ORIGIN) gives a calendar link that serves a feed, and a shared event link unfurls with its picture", async () => {
    const cookie = await registerOverHttp(base, "demo_links");
    const subscription = await fetch(`${base}/api/calendar/subscription`, { headers: { cookie } });
    expect(subscription.status).toBe(200);
    const { url } = (await subscription.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/api/calendar/feed/[A-Za-z0-9_-]{43}$`));
    const feed = await fetch(url);
    expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR/);

    const me = (await (await fetch(`${base}/api/user`, { headers: { cookie } })).json()) as { id: number };
    const created = await fetch(`${base}/api/events`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        hostId: me.id,
        title: "Demo Picnic",
        description: "Bring a blanket",
        date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        location: "Dolores Park",
        type: "social",
        friendGroupId: "all",
        tags: ["food"],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const html = await (await fetch(`${base}/events/${id}`)).text();
    const meta = (key: string) => new RegExp(`<meta property="${key}" content="([^"]*)"`).exec(html)?.[1];
    expect(meta("og:url")).toBe(`${base}/events/${id}`);
    // A raster chat apps show, drawn from the event's illustration by the built server.
    expect(meta("og:image")).toBe(`${base}/link-images/illustration-food.jpg`);
    const picture = await fetch(meta("og:image")!);
    expect([picture.status, picture.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
  });

  it("stops on one SIGTERM to npm's pid: the open socket is closed with 1001, a request in flight is answered, exit code 0 and the port free within 10 s", async () => {
    const cookie = await registerOverHttp(base, "prod_check");
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie } });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    const authed = new Promise<unknown>((resolve) => socket.on("message", (data) => resolve(JSON.parse(String(data)))));
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    socket.send(JSON.stringify({ type: "auth" }));
    expect(await authed).toMatchObject({ type: "auth_success" });

    // A sign-in whose body is still on its way when the signal arrives: it must get its answer, not a reset.
    const body = JSON.stringify({ username: "prod_check", password: "wrong-password" });
    const inFlight = request(`${base}/api/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        // Node answers "100 Continue" once it has read the headers and handed the request to the app:
        // the sign that the server holds this request, rather than a fixed wait.
        expect: "100-continue",
      },
    });
    const received = new Promise<void>((resolve) => inFlight.once("continue", () => resolve()));
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      inFlight.on("response", (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body: text }));
      });
      inFlight.on("error", reject);
    });
    inFlight.flushHeaders();
    await received;
    inFlight.write(body.slice(0, 10));

    const exited = exitOf(server.child);
    process.kill(server.child.pid!, "SIGTERM");
    // The stop has begun once the open socket hears 1001 (its first step, before the server stops
    // listening and drains): only then does the rest of the body arrive.
    expect(await closed).toEqual({ code: 1001, reason: "Server shutting down" });
    expect(server.child.exitCode).toBeNull();
    inFlight.end(body.slice(10));
    const { status, body: answer } = await answered;
    expect({ status, message: JSON.parse(answer).message }).toEqual({
      status: 401,
      message: "Invalid username or password",
    });
    const { code, signal, ms } = await exited;

    expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
    expect(ms).toBeLessThan(10_000);
    expect(await portIsFree(port)).toBe(true);
  });
});

describe("Ctrl-C in the terminal running npm start", () => {
  it("stops cleanly with exit code 0 when SIGINT reaches the whole process group, as a terminal sends it", async () => {
    // npm forwards the SIGINT to its child, which also got it from the terminal; the server counts a repeat
    // within 1 s as the same Ctrl-C (seen coalesced into one signal on this machine, but nothing promises that).
    const ctrlCPort = await freePort();
    const { NODE_ENV: _unset, ...shell } = process.env;
    // Its own process group, as a terminal's foreground job: Ctrl-C signals every process in it.
    const job = npm(
      ["start"],
      {
        ...shell,
        PORT: String(ctrlCPort),
        HOST: "127.0.0.1",
        DATABASE_URL: "memory://",
        SEED: "false",
        LOG_LEVEL: "warn",
        CLIENT_DIST: dist.client,
        SERVER_DIST: dist.server,
      },
      true,
    );
    try {
      await waitForHealth(`http://127.0.0.1:${ctrlCPort}`, job.child);
      const exited = exitOf(job.child);
      process.kill(-job.child.pid!, "SIGINT");
      const { code, signal, ms } = await exited;
      expect({ code, signal }, job.output()).toEqual({ code: 0, signal: null });
      expect(ms).toBeLessThan(10_000);
      expect(await portIsFree(ctrlCPort)).toBe(true);
    } finally {
      if (job.child.exitCode === null) process.kill(-job.child.pid!, "SIGKILL");
    }
  });
});

describe("a stop asked for while the server starts", () => {
  it("lets migrations and the demo seed finish, exits 0 without ever listening, and the folder starts cleanly after", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "link-stop-while-starting-"));
    const port = await freePort();
    const env = {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: folder,
      LOG_LEVEL: "info",
      CLIENT_DIST: dist.client,
    };
    const main = path.join(dist.server, "main.js");
    try {
      const first = start("node", [main], env);
      // PG_VERSION appears once PGlite's initdb is done: migrations and the demo seed are still ahead.
      while (!existsSync(path.join(folder, "PG_VERSION"))) {
        expect(first.child.exitCode, first.output()).toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const exited = exitOf(first.child);
      first.child.kill("SIGTERM");
      expect(await exited, first.output()).toMatchObject({ code: 0, signal: null });
      expect(first.output()).toContain("SIGTERM: stopping");
      expect(first.output()).not.toContain("Server listening");

      const second = start("node", [main], env);
      try {
        await waitForHealth(`http://127.0.0.1:${port}`, second.child);
        const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username: "alex", password: "linkdemo" }),
        });
        expect(login.status).toBe(200);
      } finally {
        second.child.kill("SIGTERM");
        await exitOf(second.child);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
      rmSync(`${folder}-backups`, { recursive: true, force: true });
    }
  });
});
