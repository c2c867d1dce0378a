import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#server/modules/events/schema";
import { groups } from "#server/modules/groups/schema";
import { users } from "#server/modules/users/schema";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";

// Events, groups and profiles show only photos uploaded to Link by their author.
let t: TestApp;
let alice: Awaited<ReturnType<typeof registerUser>>;
let mallory: Awaited<ReturnType<typeof registerUser>>;
let aliceImage: string;
let malloryImage: string;

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const THIRD_PARTY = "https://tracker.example.com/pixel.png";

async function uploadAs(cookie: string) {
  const res = await as(t.app, cookie)({ method: "POST", url: "/api/uploads", payload: { dataUrl: PNG } });
  expect(res.statusCode).toBe(201);
  return res.json().url as string;
}
const createEvent = (who: typeof alice, imageUrl: string | null) =>
  as(
    t.app,
    who.cookie,
  )({
    method: "POST",
    url: "/api/events",
    payload: {
      title: "Picnic",
      description: "Bring a blanket",
      date: tomorrow(),
      hostId: who.user.id,
      type: "social",
      imageUrl,
    },
  });
const createGroup = (who: typeof alice, imageUrl: string | null) =>
  as(t.app, who.cookie)({ method: "POST", url: "/api/groups", payload: { name: "Climbers", imageUrl } });

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app);
  mallory = await registerUser(t.app);
  aliceImage = await uploadAs(alice.cookie);
  malloryImage = await uploadAs(mallory.cookie);
});
afterAll(() => t.close());

describe("event covers", () => {
  it("refuses a third-party URL with 400 and stores nothing", async () => {
    const res = await createEvent(alice, THIRD_PARTY);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("imageUrl: The cover must be a photo uploaded to Link");
    expect(await t.database.db.select().from(events).where(eq(events.hostId, alice.user.id))).toHaveLength(0);
  });

  it("refuses someone else's upload with 400 and stores nothing", async () => {
    const res = await createEvent(alice, malloryImage);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The cover must be a photo you uploaded");
    expect(await t.database.db.select().from(events).where(eq(events.hostId, alice.user.id))).toHaveLength(0);
  });

  it("takes the host's own upload, and an edit is held to the same rule", async () => {
    const created = await createEvent(alice, aliceImage);
    expect(created.statusCode).toBe(201);
    expect(created.json().imageUrl).toBe(aliceImage);
    const patch = (imageUrl: string | null) =>
      as(t.app, alice.cookie)({ method: "PATCH", url: `/api/events/${created.json().id}`, payload: { imageUrl } });
    expect((await patch(THIRD_PARTY)).statusCode).toBe(400);
    expect((await patch(malloryImage)).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, created.json().id));
    expect(row.imageUrl).toBe(aliceImage);
    expect((await patch(null)).statusCode).toBe(200);
  });
});

describe("group photos and profile photos", () => {
  it("a group takes only its creator's upload", async () => {
    expect((await createGroup(alice, THIRD_PARTY)).statusCode).toBe(400);
    const stolen = await createGroup(alice, malloryImage);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe("The group photo must be a photo you uploaded");
    expect(await t.database.db.select().from(groups).where(eq(groups.createdBy, alice.user.id))).toHaveLength(0);
    const ok = await createGroup(alice, aliceImage);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().imageUrl).toBe(aliceImage);
  });

  it("a profile takes only its owner's upload", async () => {
    const patch = (profileImage: string) =>
      as(t.app, alice.cookie)({ method: "PATCH", url: `/api/users/${alice.user.id}`, payload: { profileImage } });
    expect((await patch(THIRD_PARTY)).statusCode).toBe(400);
    expect((await patch(malloryImage)).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, alice.user.id));
    expect(row.profileImage).toBeNull();
    expect((await patch(aliceImage)).statusCode).toBe(200);
  });
});

describe("Content-Security-Policy", () => {
  it("lets pages load images only from Link itself (plus data: and blob: previews)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/me" });
    const csp = String(res.headers["content-security-policy"]);
    const imgSrc = csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("img-src"));
    expect(imgSrc).toBe("img-src 'self' data: blob:");
  });
});
