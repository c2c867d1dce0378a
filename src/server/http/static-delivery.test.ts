import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestApp } from "../test/test-app";

// A built client as scripts/build.mjs leaves it: a hashed chunk, index.html, and the .br/.gz
// siblings written by the build's own precompress step. CLIENT_DIST is read when app.ts loads, hence the dynamic import.
const clientDist = mkdtempSync(path.join(tmpdir(), "link-client-"));
const chunk = `export const greeting = ${JSON.stringify("hello ".repeat(2000))};\n`;
mkdirSync(path.join(clientDist, "assets"));
writeFileSync(path.join(clientDist, "assets/index-AbC123xy.js"), chunk);
writeFileSync(
  path.join(clientDist, "index.html"),
  `<!doctype html><title>Link</title>${"<!-- padding -->".repeat(100)}`,
);

let t: TestApp;
beforeAll(async () => {
  // @ts-expect-error: a plain .mjs script without type declarations
  const { precompress } = await import("../../../scripts/build.mjs");
  expect(precompress(clientDist)).toBe(2);
  vi.stubEnv("CLIENT_DIST", clientDist);
  const { createTestApp } = await import("../test/test-app");
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  vi.unstubAllEnvs();
  rmSync(clientDist, { recursive: true, force: true });
});

describe("static delivery of the built client", () => {
  it("serves a hashed chunk brotli-compressed to a browser that accepts br, cached for a year as immutable", async () => {
    const res = await t.app.inject({
      url: "/assets/index-AbC123xy.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(chunk.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(chunk);
  });

  it("serves gzip to a client without brotli, and the plain file to one without either", async () => {
    const gz = await t.app.inject({ url: "/assets/index-AbC123xy.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(chunk);

    const plain = await t.app.inject({ url: "/assets/index-AbC123xy.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(chunk);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("makes browsers revalidate index.html, both at / and as the SPA fallback of a client route", async () => {
    for (const url of ["/", "/index.html", "/groups/12"]) {
      const res = await t.app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain("<title>Link</title>");
    }
  });

  it("answers /robots.txt with the server's robots rules, not the app's HTML", async () => {
    const res = await t.app.inject({ url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*\n/);
    expect(res.body).toContain("\nDisallow: /api/\n");
  });

  it("answers 404 for a hashed chunk that is not there (an old tab after a deploy), never index.html", async () => {
    const res = await t.app.inject({ url: "/assets/index-Old999zz.js" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ message: "Not found" });
  });
});
