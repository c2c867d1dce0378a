import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("PATCH /api/users/:id/timezone", () => {
  it("saves one of the ten zones, or any other real IANA zone, for the signed-in user", async () => {
    const a = await registerUser(t.app);
    const res = await as(
      t.app,
      a.cookie,
    )({
      method: "PATCH",
      url: `/api/users/${a.user.id}/timezone`,
      payload: { timezone: "Asia/Tokyo" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().timezone).toBe("Asia/Tokyo");
    const me = await as(t.app, a.cookie)({ method: "GET", url: "/api/user" });
    expect(me.json().timezone).toBe("Asia/Tokyo");
    // Every IANA zone, not only the ten common ones.
    const other = await as(
      t.app,
      a.cookie,
    )({
      method: "PATCH",
      url: `/api/users/${a.user.id}/timezone`,
      payload: { timezone: "Asia/Kathmandu" },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().timezone).toBe("Asia/Kathmandu");
  });

  it("refuses another user's timezone with 403 and leaves it unchanged", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await as(
      t.app,
      a.cookie,
    )({
      method: "PATCH",
      url: `/api/users/${b.user.id}/timezone`,
      payload: { timezone: "Europe/Paris" },
    });
    expect(res.statusCode).toBe(403);
    const me = await as(t.app, b.cookie)({ method: "GET", url: "/api/user" });
    expect(me.json().timezone).toBe("America/New_York");
  });

  it("rejects a zone that is not a real IANA zone with 400 (nothing stored), and an anonymous call with 401", async () => {
    const a = await registerUser(t.app);
    const bad = await as(
      t.app,
      a.cookie,
    )({
      method: "PATCH",
      url: `/api/users/${a.user.id}/timezone`,
      payload: { timezone: "Mars/Olympus" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("timezone: Unknown time zone");
    const me = await as(t.app, a.cookie)({ method: "GET", url: "/api/user" });
    expect(me.json().timezone).toBe("America/New_York");
    const anon = await t.app.inject({
      method: "PATCH",
      url: `/api/users/${a.user.id}/timezone`,
      payload: { timezone: "Asia/Tokyo" },
    });
    expect(anon.statusCode).toBe(401);
  });
});
