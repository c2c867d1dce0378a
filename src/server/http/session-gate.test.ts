import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../test/raw-request";
import { as, createTestApp, registerUser, type TestApp } from "../test/test-app";

/** The session gate decides from the matched route, so no request-target spelling (absolute-form included) skips it. */
describe("session gate", () => {
  let t: TestApp;
  let port: number;
  let victimId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const victim = await registerUser(t.app);
    victimId = victim.user.id;
    const today = new Date().toISOString().slice(0, 10);
    const saved = await as(
      t.app,
      victim.cookie,
    )({
      method: "POST",
      url: "/api/availability",
      payload: { userId: victimId, date: today, timeslots: ["morning"] },
    });
    expect(saved.statusCode).toBe(200);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it.each([
    ["availability", (id: number) => `/api/availability/user?userId=${id}`],
    ["friends", (id: number) => `/api/users/friends?userId=${id}`],
    ["a profile", (id: number) => `/api/users/${id}`],
  ])("answers 401 to an absolute-form request for %s without a cookie", async (_label, path) => {
    const absolute = await rawRequest(port, `http://127.0.0.1:${port}${path(victimId)}`);
    expect(absolute.status).toBe(401);
    expect(JSON.parse(absolute.body)).toMatchObject({ message: "Not signed in" });
    const otherHost = await rawRequest(port, `http://example.com${path(victimId)}`);
    expect(otherHost.status).toBe(401);
    const origin = await rawRequest(port, path(victimId));
    expect(origin.status).toBe(401);
  });

  it("signs in an absolute-form request with a cookie exactly like its origin-form twin", async () => {
    const viewer = await registerUser(t.app);
    const path = `/api/availability/user?userId=${victimId}`;
    const absolute = await rawRequest(port, `http://127.0.0.1:${port}${path}`, { headers: { cookie: viewer.cookie } });
    const origin = await rawRequest(port, path, { headers: { cookie: viewer.cookie } });
    expect(absolute.status).toBe(200);
    expect(JSON.parse(absolute.body)).toEqual(JSON.parse(origin.body));
  });

  it("still serves public routes and health checks without a cookie", async () => {
    expect((await rawRequest(port, `http://127.0.0.1:${port}/api/waitlist/stats`)).status).toBe(200);
    expect((await rawRequest(port, "/healthz")).status).toBe(200);
    expect((await rawRequest(port, "/api/no-such-route")).status).toBe(404);
  });
});
