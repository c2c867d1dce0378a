import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { type Config, testConfig } from "../config";
import { createInProcessBus } from "../realtime/bus";
import { createTestApp, freshDatabaseUrl, openTestDatabase } from "../test/test-app";

/** What a production server shows to anyone: where its pages may connect, and whether it maps its API. */
async function withApp(
  overrides: Partial<Config>,
  check: (app: Awaited<ReturnType<typeof createTestApp>>["app"]) => Promise<void>,
) {
  const t = await createTestApp(overrides);
  try {
    await check(t.app);
  } finally {
    await t.close();
  }
}
const connectSrc = (csp: unknown) => /(?:^|;)\s*connect-src ([^;]*)/.exec(String(csp))?.[1];

describe("surfaces", () => {
  it("CSP connect-src allows only this origin, and PUBLIC_ORIGIN's http(s) and ws(s) forms; never any socket host", async () => {
    await withApp({}, async (app) => {
      expect(connectSrc((await app.inject({ url: "/healthz" })).headers["content-security-policy"])).toBe("'self'");
    });
    await withApp({ PUBLIC_ORIGIN: "https://link.example" }, async (app) => {
      const value = connectSrc((await app.inject({ url: "/healthz" })).headers["content-security-policy"]);
      expect(value).toBe("'self' https://link.example wss://link.example");
    });
  });

  it("/api/docs in production only with API_DOCS=true; always outside production", async () => {
    await withApp({ NODE_ENV: "production" }, async (app) => {
      expect((await app.inject({ url: "/api/docs/json" })).statusCode).toBe(404);
      expect((await app.inject({ url: "/api/docs" })).statusCode).toBe(404);
      expect((await app.inject({ url: "/api/docs/" })).statusCode).toBe(404);
    });
    await withApp({ NODE_ENV: "production", API_DOCS: "true" }, async (app) => {
      const doc = await app.inject({ url: "/api/docs/json" });
      expect(doc.statusCode).toBe(200);
      expect(doc.json().paths["/api/register"]).toBeDefined();
    });
    await withApp({}, async (app) => {
      expect((await app.inject({ url: "/api/docs/json" })).statusCode).toBe(200);
    });
  });
});

describe("start-up warnings", () => {
  async function warningsAtStart(overrides: Partial<Config>) {
    const lines: { level: number; msg: string }[] = [];
    const { url, drop } = await freshDatabaseUrl();
    const database = await openTestDatabase(url);
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: "warn", ...overrides }),
      database,
      bus: createInProcessBus(),
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
    });
    try {
      await app.ready();
      return lines.filter((l) => l.level === 40).map((l) => l.msg);
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  }

  it("without PUBLIC_ORIGIN a production demo says where its links point, once; on all interfaces it says it is a demo", async () => {
    const warnings = await warningsAtStart({
      NODE_ENV: "production",
      SMTP_URL: "smtp://127.0.0.1:2525",
      HOST: "0.0.0.0",
    });
    expect(warnings.filter((m) => m.startsWith("SMTP_URL") || m.startsWith("PUBLIC_ORIGIN"))).toEqual([
      "PUBLIC_ORIGIN is unset: calendar links, link cards and e-mailed links point to http://localhost:5000",
    ]);
    expect(warnings.some((m) => m.startsWith("demo mode on 0.0.0.0: the README's public access codes"))).toBe(true);
    const deployed = await warningsAtStart({
      NODE_ENV: "production",
      SMTP_URL: "smtp://127.0.0.1:2525",
      PUBLIC_ORIGIN: "https://link.example",
      DEPLOYMENT: true,
      HOST: "0.0.0.0",
    });
    expect(deployed.filter((m) => m.includes("SMTP_URL") || m.startsWith("demo mode"))).toEqual([]);
    expect(deployed).toContain(
      "ADMIN_USERNAMES is unset: moderators are only those granted with `npm run moderator -- grant <username>`",
    );
  });
});
