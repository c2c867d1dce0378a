import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCalendarDate } from "#contract/availability";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { availability } from "./schema";

let t: TestApp;
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
});
afterAll(() => t.close());

const rowsOf = (userId: number) => t.database.db.select().from(availability).where(eq(availability.userId, userId));

describe("POST /api/availability", () => {
  it("stores the slots sent as a JSON string", async () => {
    const res = await as(
      t.app,
      alice.cookie,
    )({
      method: "POST",
      url: "/api/availability",
      payload: { userId: alice.user.id, date: "2030-05-14", timeslots: JSON.stringify(["morning", "evening"]) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: alice.user.id, date: "2030-05-14", timeslots: ["morning", "evening"] });
    const rows = await rowsOf(alice.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ date: "2030-05-14", timeslots: ["morning", "evening"] });
  });

  it("accepts an array and replaces the day's row instead of adding one", async () => {
    const res = await as(
      t.app,
      alice.cookie,
    )({
      method: "POST",
      url: "/api/availability",
      payload: { userId: alice.user.id, date: "2030-05-14", timeslots: ["night", "night", "late_night"] },
    });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(alice.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].timeslots).toEqual(["night", "late_night"]);
  });

  it("normalises an ISO timestamp at local midnight to its calendar day", async () => {
    const save = (date: string) =>
      as(
        t.app,
        alice.cookie,
      )({
        method: "POST",
        url: "/api/availability",
        payload: { userId: alice.user.id, date, timeslots: '["morning"]' },
      });
    // Local midnight in New York (UTC-4 in summer) and in Berlin (UTC+2), as Date.toISOString() writes them.
    expect((await save("2030-06-01T04:00:00.000Z")).json().date).toBe("2030-06-01");
    expect((await save("2030-06-02T22:00:00.000Z")).json().date).toBe("2030-06-03");
    expect((await save("2030-06-05T00:00:00+09:00")).json().date).toBe("2030-06-05");
    expect(toCalendarDate("2030-02-30")).toBeNull();
  });

  it("refuses a day that is over everywhere with 400 and stores nothing; today is fine", async () => {
    const carol = await registerUser(t.app);
    const day = (offsetDays: number) =>
      new Date(Date.now() - 12 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const save = (date: string) =>
      as(
        t.app,
        carol.cookie,
      )({ method: "POST", url: "/api/availability", payload: { userId: carol.user.id, date, timeslots: ["evening"] } });
    for (const past of [day(-1), day(-30), "2020-01-01"]) {
      const res = await save(past);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Past days can't be saved as availability");
    }
    expect(await rowsOf(carol.user.id)).toEqual([]);
    expect((await save(day(0))).statusCode).toBe(200);
    expect((await save(day(1))).statusCode).toBe(200);
  });

  it.each([
    ["an unknown slot id", { date: "2030-05-15", timeslots: ["brunch"] }, "timeslots"],
    ["an unknown slot id inside a JSON string", { date: "2030-05-15", timeslots: '["brunch"]' }, "timeslots"],
    ["a string that is not JSON", { date: "2030-05-15", timeslots: "[morning" }, "timeslots"],
    ["a JSON string that is not a list", { date: "2030-05-15", timeslots: '{"a":1}' }, "timeslots"],
    ["a day that does not exist", { date: "2030-02-30", timeslots: ["morning"] }, "date"],
    ["a date that is not a date", { date: "tomorrow", timeslots: ["morning"] }, "date"],
    ["a missing date", { timeslots: ["morning"] }, "date"],
  ])("refuses %s with 400 and stores nothing", async (_name, body, field) => {
    const before = await rowsOf(alice.user.id);
    const res = await as(
      t.app,
      alice.cookie,
    )({
      method: "POST",
      url: "/api/availability",
      payload: { userId: alice.user.id, ...body },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(await rowsOf(alice.user.id)).toEqual(before);
  });

  it("refuses a visitor with 401", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/availability",
      payload: { userId: alice.user.id, date: "2030-05-16", timeslots: ["morning"] },
    });
    expect(res.statusCode).toBe(401);
  });

  it("refuses writing another user's availability with 403 and stores nothing", async () => {
    const res = await as(
      t.app,
      bob.cookie,
    )({
      method: "POST",
      url: "/api/availability",
      payload: { userId: alice.user.id, date: "2030-05-20", timeslots: ["morning"] },
    });
    expect(res.statusCode).toBe(403);
    expect((await rowsOf(alice.user.id)).some((r) => r.date === "2030-05-20")).toBe(false);
    expect(await rowsOf(bob.user.id)).toHaveLength(0);
  });
});

describe("GET /api/availability/user", () => {
  it("lists a user's days newest first, for any signed-in reader", async () => {
    const res = await as(t.app, bob.cookie)({ method: "GET", url: `/api/availability/user?userId=${alice.user.id}` });
    expect(res.statusCode).toBe(200);
    const dates = res.json().map((r: { date: string }) => r.date);
    expect(dates).toEqual(["2030-06-05", "2030-06-03", "2030-06-01", "2030-05-14"]);
    expect(res.json()[3]).toEqual({
      id: expect.any(Number),
      userId: alice.user.id,
      date: "2030-05-14",
      timeslots: ["night", "late_night"],
    });
  });

  it("pages with limit and before", async () => {
    const res = await as(
      t.app,
      bob.cookie,
    )({ method: "GET", url: `/api/availability/user?userId=${alice.user.id}&limit=2&before=2030-06-03` });
    expect(res.json().map((r: { date: string }) => r.date)).toEqual(["2030-06-01", "2030-05-14"]);
  });

  it("is empty for a user with no rows and 400 for a non-numeric id", async () => {
    expect(
      (await as(t.app, bob.cookie)({ method: "GET", url: `/api/availability/user?userId=${bob.user.id}` })).json(),
    ).toEqual([]);
    expect((await as(t.app, bob.cookie)({ method: "GET", url: "/api/availability/user?userId=abc" })).statusCode).toBe(
      400,
    );
  });

  it("refuses a visitor with 401", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: `/api/availability/user?userId=${alice.user.id}` })).statusCode,
    ).toBe(401);
  });
});
