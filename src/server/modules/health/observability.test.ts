import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app";
import { type Config, testConfig } from "#server/config";
import { createInProcessBus } from "#server/realtime/bus";
import { openSocket } from "#server/realtime/socket-test-client";
import { createTestApp, freshDatabaseUrl, openTestDatabase, registerUser, type TestApp } from "#server/test/test-app";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An app whose log lines are kept (parsed) for the test to read. */
async function appWithLog(overrides: Partial<Config> = {}) {
  const lines: Record<string, unknown>[] = [];
  const { url, drop } = await freshDatabaseUrl();
  const database = await openTestDatabase(url);
  const bus = createInProcessBus();
  const app = await buildApp({
    config: testConfig({ AUTH_RATE_LIMIT: 1000, LOG_LEVEL: "info", ...overrides }),
    database,
    bus,
    logStream: { write: (line) => void lines.push(JSON.parse(line)) },
  });
  await app.ready();
  return {
    app,
    lines,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

async function metricsText(t: TestApp) {
  const res = await t.app.inject({ method: "GET", url: "/metrics" });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe("/metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is Prometheus text with request durations labelled by route pattern and status, never the raw URL", async () => {
    await t.app.inject({ method: "GET", url: "/api/users/424242" });
    await t.app.inject({ method: "GET", url: "/api/no/such-31337?token=hunter2" });
    await t.app.inject({ method: "GET", url: "/healthz" });
    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    expect(body).toContain("# TYPE http_request_duration_seconds histogram");
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/users\/:id",status_code="401"\} 1/,
    );
    expect(body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1/);
    expect(body).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1/);
    expect(body).not.toMatch(/424242|31337|hunter2/);
  });

  it("has event-loop lag, process metrics, open sockets, bus messages and the database pool", async () => {
    const body = await metricsText(t);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(body).toMatch(/^process_resident_memory_bytes \d/m);
    expect(body).toMatch(/^link_open_sockets 0$/m);
    expect(body).toMatch(/^link_bus_messages_total\{direction="out"\} \d+$/m);
    if (t.database.kind === "postgres") {
      expect(body).toMatch(/^link_db_pool_connections\{state="total"\} [1-9]\d*$/m);
      expect(body).toMatch(/^link_db_pool_connections\{state="idle"\} \d+$/m);
      expect(body).toMatch(/^link_db_pool_connections\{state="waiting"\} 0$/m);
    } else {
      expect(body).not.toContain("link_db_pool_connections{");
    }
  });

  it("counts bus messages out and in", async () => {
    const count = (body: string, direction: string) =>
      Number(new RegExp(`^link_bus_messages_total\\{direction="${direction}"\\} (\\d+)$`, "m").exec(body)?.[1]);
    const before = await metricsText(t);
    const off = await t.bus.subscribe("metrics-test", () => {});
    await t.bus.publish("metrics-test", { type: "membership_ended", groupId: 1 });
    await t.bus.publish("nobody-listens", { type: "membership_ended", groupId: 1 });
    await off();
    const after = await metricsText(t);
    expect(count(after, "out") - count(before, "out")).toBe(2);
    expect(count(after, "in") - count(before, "in")).toBe(1);
  });

  it("counts open sockets", async () => {
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const user = await registerUser(t.app);
    const socket = await openSocket(base, user.cookie);
    expect(await metricsText(t)).toMatch(/^link_open_sockets 1$/m);
    await socket.close();
    for (let i = 0; i < 40 && /^link_open_sockets 1$/m.test(await metricsText(t)); i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(await metricsText(t)).toMatch(/^link_open_sockets 0$/m);
  });
});

describe("who may read /metrics", () => {
  const token = "a-long-metrics-token-0123456789";
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it("with METRICS_TOKEN: only `Authorization: Bearer <token>`", async () => {
    const t = await createTestApp({ METRICS_TOKEN: token, NODE_ENV: "production" });
    apps.push(t);
    const read = (authorization?: string) =>
      t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });
    expect((await read()).statusCode).toBe(401);
    expect((await read(`Bearer ${token}x`)).statusCode).toBe(401);
    expect((await read(`Basic ${token}`)).statusCode).toBe(401);
    const denied = await read("Bearer wrong");
    expect(denied.json()).toMatchObject({ message: "Metrics need Authorization: Bearer <METRICS_TOKEN>" });
    expect(denied.body).not.toContain("http_request_duration_seconds");
    const allowed = await read(`Bearer ${token}`);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain("http_request_duration_seconds");
  });

  it("in production without METRICS_TOKEN: closed (403)", async () => {
    const t = await createTestApp({ NODE_ENV: "production" });
    apps.push(t);
    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Metrics are closed: set METRICS_TOKEN and send it as a Bearer token");
  });
});

describe("request ids", () => {
  it("every response carries a fresh UUID in x-request-id, and a client's own x-request-id is ignored without TRUST_PROXY", async () => {
    const t = await createTestApp();
    try {
      const a = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "forged-by-client" } });
      const b = await t.app.inject({ method: "GET", url: "/api/nope" });
      expect(a.headers["x-request-id"]).toMatch(UUID);
      expect(b.headers["x-request-id"]).toMatch(UUID);
      expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
    } finally {
      await t.close();
    }
  });

  it("a trusted proxy's x-request-id is kept (TRUST_PROXY=1); a malformed one is replaced", async () => {
    const t = await createTestApp({ TRUST_PROXY: 1 });
    try {
      const kept = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "caddy-7f3a9c" } });
      expect(kept.headers["x-request-id"]).toBe("caddy-7f3a9c");
      const replaced = await t.app.inject({
        method: "GET",
        url: "/healthz",
        headers: { "x-request-id": 'bad id"\u0007' },
      });
      expect(replaced.headers["x-request-id"]).toMatch(UUID);
    } finally {
      await t.close();
    }
  });

  it("with TRUST_PROXY as a list, only a listed peer's x-request-id counts", async () => {
    const t = await createTestApp({ TRUST_PROXY: ["10.0.0.0/8"] });
    try {
      const listed = await t.app.inject({
        method: "GET",
        url: "/healthz",
        remoteAddress: "10.1.2.3",
        headers: { "x-request-id": "from-proxy" },
      });
      expect(listed.headers["x-request-id"]).toBe("from-proxy");
      const stranger = await t.app.inject({
        method: "GET",
        url: "/healthz",
        remoteAddress: "203.0.113.9",
        headers: { "x-request-id": "from-proxy" },
      });
      expect(stranger.headers["x-request-id"]).toMatch(UUID);
    } finally {
      await t.close();
    }
  });

  it("is in every log line of the request, under reqId", async () => {
    const t = await appWithLog();
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/users/5" });
      const id = res.headers["x-request-id"];
      const ofRequest = t.lines.filter(
        (line) => line.req !== undefined || line.res !== undefined || line.reqId !== undefined,
      );
      expect(ofRequest.length).toBeGreaterThanOrEqual(2); // "incoming request" and "request completed"
      for (const line of ofRequest) expect(line.reqId).toBe(id);
      expect(t.lines.map((line) => line.msg)).toEqual(
        expect.arrayContaining(["incoming request", "request completed"]),
      );
    } finally {
      await t.close();
    }
  });
});
