import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "#server/test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stats = async () =>
  (await t.app.inject({ method: "GET", url: "/api/waitlist/stats" })).json() as { waiting: number; given: number };
const join = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/waitlist", payload });

describe("the early-access list API", () => {
  it("rejects each invalid field with the spec's message and stores nothing", async () => {
    const before = await stats();
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: "", email: "a@b.co", username: "abc" }, "Full name is required"],
      [{ fullName: "Ann", email: "nope", username: "abc" }, "Valid email is required"],
      [{ fullName: "Ann", email: "a@b.co", username: "ab" }, "Username must be at least 3 characters"],
    ];
    for (const [body, message] of cases) {
      const res = await join(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await stats()).toEqual(before);
  });

  it("stores an entry, and a second signup with the same e-mail answers kindly without a second row", async () => {
    const before = await stats();
    const first = await join({ fullName: "Ann Lee", email: "Ann@Example.com", username: "annlee" });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: "You're on the list!", alreadyListed: false });
    expect((await stats()).waiting).toBe(before.waiting + 1);
    const again = await join({ fullName: "Ann L", email: "ann@example.com", username: "ann2" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: "You're already on the list", alreadyListed: true });
    expect((await stats()).waiting).toBe(before.waiting + 1);
    // Each answer in the reader's language.
    const spanish = await t.app.inject({
      method: "POST",
      url: "/api/waitlist",
      headers: { "accept-language": "es" },
      payload: { fullName: "Ann", email: "ann@example.com", username: "ann3" },
    });
    expect(spanish.json()).toMatchObject({ message: "Ya estás en la lista", alreadyListed: true });
    const invalid = await t.app.inject({
      method: "POST",
      url: "/api/waitlist",
      headers: { "accept-language": "de" },
      payload: { fullName: " ", email: "ann@example.com", username: "ann4" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain("Vollständiger Name");
  });

  it("counts given codes as registered users, publicly", async () => {
    const before = await stats();
    await registerUser(t.app);
    expect((await stats()).given).toBe(before.given + 1);
  });
});
