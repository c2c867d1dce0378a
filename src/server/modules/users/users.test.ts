import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { users } from "./schema";

let t: TestApp;
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;

const PNG_1X1 =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app, { fullName: "Alice Smith", bio: "Climber", profession: "Engineer" });
  bob = await registerUser(t.app, { fullName: "Bob Jones" });
  // Alice shares a position: it must never show on her public profile.
  await as(
    t.app,
    alice.cookie,
  )({ method: "PATCH", url: `/api/users/${alice.user.id}`, payload: { latitude: "37.77", longitude: "-122.42" } });
});
afterAll(() => t.close());

const rowOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

describe("GET /api/users/:id", () => {
  it("shows another user's public fields and never the e-mail, hash or position", async () => {
    const res = await as(t.app, bob.cookie)({ method: "GET", url: `/api/users/${alice.user.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: alice.user.id,
      fullName: "Alice Smith",
      username: alice.user.username,
      bio: "Climber",
      profession: "Engineer",
    });
    for (const key of [
      "email",
      "passwordHash",
      "password",
      "latitude",
      "longitude",
      "lat",
      "lng",
      "availabilityPreferences",
    ]) {
      expect(body).not.toHaveProperty(key);
    }
    expect(res.body).not.toContain(alice.user.email);
    expect(res.body).not.toContain("37.77");
    expect(res.body).not.toContain("argon2");
  });

  it("adds the e-mail when viewers look at themselves", async () => {
    const res = await as(t.app, alice.cookie)({ method: "GET", url: `/api/users/${alice.user.id}` });
    expect(res.json().email).toBe(alice.user.email);
    expect(res.json()).not.toHaveProperty("passwordHash");
  });

  it("answers 404 for an unknown id, 400 for a non-numeric one, 401 for a visitor", async () => {
    const missing = await as(t.app, alice.cookie)({ method: "GET", url: "/api/users/999999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: "User not found" });
    expect((await as(t.app, alice.cookie)({ method: "GET", url: "/api/users/abc" })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/api/users/${alice.user.id}` })).statusCode).toBe(401);
  });

  it("leaves /api/users/current and /api/users/friends to their own routes", async () => {
    const current = await as(t.app, alice.cookie)({ method: "GET", url: "/api/users/current" });
    expect(current.json().id).toBe(alice.user.id);
    const friends = await as(t.app, alice.cookie)({ method: "GET", url: "/api/users/friends" });
    expect(friends.statusCode).toBe(200);
    expect(friends.json()).toEqual([]);
  });
});

describe("PATCH /api/users/:id", () => {
  it("edits the profile fields and stores them", async () => {
    const res = await as(
      t.app,
      bob.cookie,
    )({
      method: "PATCH",
      url: `/api/users/${bob.user.id}`,
      payload: {
        fullName: "Bob J. Jones",
        bio: "Runs marathons",
        profession: "Chef",
        interests: ["food", "running"],
        skills: ["knife work"],
        careerPath: "Head chef",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: "Bob J. Jones", profession: "Chef", email: bob.user.email });
    expect(await rowOf(bob.user.id)).toMatchObject({
      fullName: "Bob J. Jones",
      bio: "Runs marathons",
      profession: "Chef",
      interests: ["food", "running"],
      skills: ["knife work"],
      careerPath: "Head chef",
    });
  });

  it("keeps the numeric position in step with the spec's strings", async () => {
    const row = await rowOf(alice.user.id);
    expect(row).toMatchObject({ latitude: "37.77", longitude: "-122.42", lat: 37.77, lng: -122.42 });
    await as(
      t.app,
      alice.cookie,
    )({ method: "PATCH", url: `/api/users/${alice.user.id}`, payload: { latitude: "", longitude: "" } });
    expect(await rowOf(alice.user.id)).toMatchObject({ latitude: "", longitude: "", lat: null, lng: null });
    await as(
      t.app,
      alice.cookie,
    )({ method: "PATCH", url: `/api/users/${alice.user.id}`, payload: { latitude: "37.77", longitude: "-122.42" } });
  });

  it("sets an uploaded photo and clears it with null", async () => {
    const upload = await as(t.app, bob.cookie)({ method: "POST", url: "/api/uploads", payload: { dataUrl: PNG_1X1 } });
    const url = upload.json().url as string;
    const set = await as(
      t.app,
      bob.cookie,
    )({ method: "PATCH", url: `/api/users/${bob.user.id}`, payload: { profileImage: url } });
    expect(set.statusCode).toBe(200);
    expect((await rowOf(bob.user.id)).profileImage).toBe(url);
    // Alice cannot wear Bob's photo.
    const stolen = await as(
      t.app,
      alice.cookie,
    )({ method: "PATCH", url: `/api/users/${alice.user.id}`, payload: { profileImage: url } });
    expect(stolen.statusCode).toBe(400);
    expect((await rowOf(alice.user.id)).profileImage).toBeNull();
    await as(t.app, bob.cookie)({ method: "PATCH", url: `/api/users/${bob.user.id}`, payload: { profileImage: null } });
    expect((await rowOf(bob.user.id)).profileImage).toBeNull();
  });

  it.each([
    ["an empty full name", { fullName: " " }],
    ["a foreign image URL", { profileImage: "https://evil.example/x.png" }],
    ["a latitude out of range", { latitude: "91" }],
    ["a longitude that is not a number", { longitude: "east" }],
    ["a field that is not editable", { email: "new@example.com" }],
    ["a too long bio", { bio: "x".repeat(1001) }],
  ])("refuses %s with 400 and changes nothing", async (_name, payload) => {
    const before = await rowOf(alice.user.id);
    const res = await as(t.app, alice.cookie)({ method: "PATCH", url: `/api/users/${alice.user.id}`, payload });
    expect(res.statusCode).toBe(400);
    expect(await rowOf(alice.user.id)).toEqual(before);
  });

  it("refuses another user's profile with 403 and a visitor with 401", async () => {
    const before = await rowOf(alice.user.id);
    const res = await as(
      t.app,
      bob.cookie,
    )({ method: "PATCH", url: `/api/users/${alice.user.id}`, payload: { bio: "hacked" } });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "PATCH", url: `/api/users/${alice.user.id}`, payload: { bio: "hacked" } }))
        .statusCode,
    ).toBe(401);
    expect(await rowOf(alice.user.id)).toEqual(before);
  });
});
