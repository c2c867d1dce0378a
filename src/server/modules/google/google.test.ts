import { afterAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/test-app";

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

describe("Google sign-in", () => {
  it("reports disabled and refuses the flow when the client id or secret is missing", async () => {
    const t = await createTestApp({ GOOGLE_CLIENT_ID: "id-only" });
    apps.push(t);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/google/status" })).json()).toEqual({ enabled: false });
    const start = await t.app.inject({ method: "GET", url: "/api/auth/google" });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toEqual({ message: "Google sign-in is not configured" });
    expect((await t.app.inject({ method: "GET", url: "/api/auth/google/callback?code=x&state=y" })).statusCode).toBe(404);
  });

  it("reports enabled when both are configured, and a callback without its flow cookie goes back to /auth", async () => {
    const t = await createTestApp({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    apps.push(t);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/google/status" })).json()).toEqual({ enabled: true });
    const cb = await t.app.inject({ method: "GET", url: "/api/auth/google/callback?code=x&state=y" });
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe("/auth?error=google");
  });
});
