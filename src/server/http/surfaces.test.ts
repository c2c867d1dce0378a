import { describe, expect, it } from "vitest";
import type { Config } from "../config";
import { createTestApp } from "../test/test-app";

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
