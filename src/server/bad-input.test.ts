import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "./test/test-app";

/**
 * ARCHITECTURE §3: bad input on every route is a 4xx with a message, never a 500.
 * Walks every route of the OpenAPI document, signed in, with hostile variants of its input.
 */
describe("every route refuses bad input without a 500", () => {
  let t: TestApp;
  let cookie: string;
  let routes: { method: string; url: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await registerUser(t.app));
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url: path })),
    );
  });
  afterAll(() => t.close());

  const fill = (url: string, value: string) => url.replace(/\{[^}]+\}/g, value);
  const hostileBodies: [string, string][] = [
    ["malformed JSON", "{not json"],
    ["a JSON array", "[1,2,3]"],
    ["a JSON string", '"hello"'],
    ["wrong types", JSON.stringify({ id: {}, userId: "x", eventId: [], groupId: true, name: 5, message: 7, date: "soon", timeslots: 3, email: 1 })],
    ["unknown fields only", JSON.stringify({ __proto__: { admin: true }, constructor: "x", isAdmin: true })],
    ["a 1 MB body", JSON.stringify({ blob: "x".repeat(1024 * 1024) })],
  ];

  it("covers the API", () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it("answers 4xx with a message to hostile bodies, ids and queries on every route", async () => {
    const failures: string[] = [];
    for (const { method, url } of routes) {
      const variants: { label: string; url: string; payload?: string }[] = [
        { label: "non-numeric id", url: fill(url, "abc") },
        { label: "huge id", url: fill(url, "99999999999999999999") },
        { label: "negative id", url: fill(url, "-1") },
        { label: "hostile query", url: `${fill(url, "1")}?lat=x&lng=1e999&radius=-5&limit=abc&cursor=%00&before=zz&userId=abc&ids=1,x&eventIds=;drop&type=nope&status=nope` },
      ];
      if (method !== "GET" && method !== "DELETE") {
        for (const [label, payload] of hostileBodies) variants.push({ label, url: fill(url, "1"), payload });
      }
      for (const variant of variants) {
        const res = await t.app.inject({
          method: method as "GET",
          url: variant.url,
          payload: variant.payload,
          headers: { cookie, ...(variant.payload ? { "content-type": "application/json" } : {}) },
        });
        const ok = res.statusCode < 500 && (res.statusCode < 400 || typeof res.json().message === "string" || res.headers["content-type"]?.includes("text/html"));
        if (!ok) failures.push(`${method} ${variant.url.slice(0, 80)} [${variant.label}] -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 401 before validation to every route that is not public when there is no session", async () => {
    const open = new Set([
      "POST /api/register",
      "POST /api/login",
      "POST /api/logout",
      "POST /api/access-codes/verify",
      "GET /api/group-invite/{code}",
      "GET /api/uploads/{id}",
      "POST /api/waitlist",
      "GET /api/waitlist/stats",
      "GET /api/auth/google/status",
      "GET /api/auth/google",
      "GET /api/auth/google/callback",
    ]);
    const unexpected: string[] = [];
    for (const { method, url } of routes) {
      if (open.has(`${method} ${url}`)) continue;
      const res = await t.app.inject({ method: method as "GET", url: fill(url, "1"), payload: method === "GET" || method === "DELETE" ? undefined : {} });
      if (res.statusCode !== 401) unexpected.push(`${method} ${url} -> ${res.statusCode}`);
    }
    expect(unexpected).toEqual([]);
  });
});
