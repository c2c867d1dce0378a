import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createTestApp, registerUser } from "#server/test/test-app";
import { styleOrigins } from "./service";

/** A map style served the way an operator's tile host serves it, naming a second host for its tiles. */
let styleServer: Server;
let styleUrl = "";
beforeAll(async () => {
  styleServer = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        version: 8,
        glyphs: "https://fonts.maps.example/{fontstack}/{range}.pbf",
        sources: { base: { type: "vector", tiles: ["https://tiles.maps.example/{z}/{x}/{y}.pbf"] } },
        layers: [],
      }),
    );
  });
  await new Promise<void>((resolve) => styleServer.listen(0, "127.0.0.1", resolve));
  styleUrl = `http://127.0.0.1:${(styleServer.address() as AddressInfo).port}/style.json`;
});
afterAll(() => new Promise<void>((resolve) => styleServer.close(() => resolve())));

const cspOf = (headers: Record<string, unknown>) => String(headers["content-security-policy"]);

describe("the map (MAP_STYLE_URL)", { timeout: 120_000 }, () => {
  it("without a style there is no map and the CSP names no map host", async () => {
    const t = await createTestApp();
    try {
      const { cookie } = await registerUser(t.app);
      const res = await as(t.app, cookie)({ method: "GET", url: "/api/places/map" });
      expect(res.json()).toEqual({ styleUrl: null });
      expect(cspOf(res.headers)).not.toContain("maps.example");
      expect(cspOf(res.headers)).not.toContain("worker-src");
      expect((await t.app.inject({ method: "GET", url: "/api/places/map" })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it("with a style the client learns it and the CSP opens to that style's hosts only", async () => {
    const t = await createTestApp({ MAP_STYLE_URL: styleUrl });
    try {
      const { cookie } = await registerUser(t.app);
      const res = await as(t.app, cookie)({ method: "GET", url: "/api/places/map" });
      expect(res.json()).toEqual({ styleUrl });
      const csp = cspOf(res.headers);
      const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? "";
      expect(connect).toContain(new URL(styleUrl).origin);
      expect(connect).toContain("https://tiles.maps.example");
      expect(connect).toContain("https://fonts.maps.example");
      expect(csp).toMatch(/worker-src 'self' blob:/);
    } finally {
      await t.close();
    }
  });

  it("reads the hosts a style names, ignoring what is not http(s)", () => {
    expect(
      styleOrigins({
        sprite: [{ id: "a", url: "https://sprites.example/s" }],
        glyphs: "mapbox://fonts/{fontstack}",
        sources: { a: { url: "https://tilejson.example/a.json" }, b: { tiles: ["javascript:alert(1)"] } },
      }),
    ).toEqual(["https://sprites.example", "https://tilejson.example"]);
  });
});
