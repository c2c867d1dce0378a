import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE_PRIVACY_GRID_DEG } from "#contract/limits";
import type { NearbyEvent, NearbyUser } from "#contract/nearby";
import { events } from "#server/modules/events/schema";
import { users } from "#server/modules/users/schema";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { boundingBox } from "./repository";

/** km per degree of latitude on a 6371 km earth: points due north sit at exact distances. */
const KM_PER_DEG = (6371 * Math.PI) / 180;
const CENTER = { lat: 10, lng: 20 };
const north = (km: number) => ({ lat: CENTER.lat + km / KM_PER_DEG, lng: CENTER.lng });
/** People are measured from the centre of their privacy grid cell; CENTER is a cell centre, so n cells north is n * 1.112 km. */
const KM_PER_CELL = PEOPLE_PRIVACY_GRID_DEG * KM_PER_DEG;
const cellsNorth = (n: number) => ({ lat: CENTER.lat + n * PEOPLE_PRIVACY_GRID_DEG, lng: CENTER.lng });

let t: TestApp;
let viewer: Awaited<ReturnType<typeof registerUser>>;
const ids = new Map<number, number>();

async function place(userId: number, p: { lat: number; lng: number }) {
  await t.database.db
    .update(users)
    .set({ lat: p.lat, lng: p.lng, latitude: String(p.lat), longitude: String(p.lng) })
    .where(eq(users.id, userId));
}

beforeAll(async () => {
  t = await createTestApp();
  viewer = await registerUser(t.app);
  await place(viewer.user.id, CENTER);
  for (const cells of [8, 1, 3, 10, 4]) {
    const u = await registerUser(t.app, { fullName: `Cell ${cells}` });
    // A little off the cell centre: the answer must not reveal where inside the cell they are.
    await place(u.user.id, { lat: cellsNorth(cells).lat + 0.003, lng: CENTER.lng - 0.002 });
    ids.set(cells, u.user.id);
  }
  await registerUser(t.app, { fullName: "Nowhere" }); // no position: never listed
});
afterAll(() => t.close());

const get = (url: string) => as(t.app, viewer.cookie)({ method: "GET", url });

describe("GET /api/users/nearby", () => {
  it("needs a session and valid coordinates", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/users/nearby?lat=10&lng=20" })).statusCode).toBe(401);
    expect((await get("/api/users/nearby?lat=91&lng=20")).statusCode).toBe(400);
    expect((await get("/api/users/nearby?lng=20")).statusCode).toBe(400);
  });

  it("lists people within the default 10 km, nearest first, without the viewer", async () => {
    const res = await get(`/api/users/nearby?lat=${CENTER.lat}&lng=${CENTER.lng}`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as NearbyUser[];
    expect(list.map((u) => u.fullName)).toEqual(["Cell 1", "Cell 3", "Cell 4", "Cell 8"]);
    expect(list.map((u) => u.distanceKm)).toEqual([1.1, 3.3, 4.4, 8.9]);
  });

  it("includes a point just inside the radius and leaves one just outside", async () => {
    const edge = 3 * KM_PER_CELL;
    const inside = (
      await get(`/api/users/nearby?lat=${CENTER.lat}&lng=${CENTER.lng}&radius=${edge + 0.01}`)
    ).json() as NearbyUser[];
    expect(inside.map((u) => u.fullName)).toEqual(["Cell 1", "Cell 3"]);
    const outside = (
      await get(`/api/users/nearby?lat=${CENTER.lat}&lng=${CENTER.lng}&radius=${edge - 0.01}`)
    ).json() as NearbyUser[];
    expect(outside.map((u) => u.fullName)).toEqual(["Cell 1"]);
    const wide = (
      await get(`/api/users/nearby?lat=${CENTER.lat}&lng=${CENTER.lng}&radius=11.2`)
    ).json() as NearbyUser[];
    expect(wide.at(-1)?.fullName).toBe("Cell 10");
  });

  it("pages with limit and offset in the same order", async () => {
    const base = `/api/users/nearby?lat=${CENTER.lat}&lng=${CENTER.lng}&limit=2`;
    const p1 = (await get(base)).json() as NearbyUser[];
    const p2 = (await get(`${base}&offset=2`)).json() as NearbyUser[];
    const p3 = (await get(`${base}&offset=4`)).json() as NearbyUser[];
    expect([...p1, ...p2].map((u) => u.fullName)).toEqual(["Cell 1", "Cell 3", "Cell 4", "Cell 8"]);
    expect(p3).toEqual([]);
  });

  it("never carries coordinates or e-mail, and coarsens distance to the display rule", async () => {
    const other = await registerUser(t.app, { fullName: "Odd" });
    await place(other.user.id, north(1.23456));
    const list = (await get(`/api/users/nearby?lat=${CENTER.lat}&lng=${CENTER.lng}&radius=2`)).json() as NearbyUser[];
    const odd = list.find((u) => u.fullName === "Odd");
    expect(odd?.distanceKm).toBe(1.1);
    // Asked from right on top of them, the answer is still the distance to their cell's centre, not 0.
    const onTop = (
      await get(`/api/users/nearby?lat=${north(1.23456).lat}&lng=${CENTER.lng}&radius=1`)
    ).json() as NearbyUser[];
    expect(onTop.find((u) => u.fullName === "Odd")?.distanceKm).toBe(0.123);
    for (const u of list) {
      expect(Object.keys(u)).not.toEqual(expect.arrayContaining(["email"]));
      for (const key of ["email", "latitude", "longitude", "lat", "lng", "passwordHash"])
        expect(u).not.toHaveProperty(key);
    }
    const close = (
      await get(`/api/users/nearby?lat=${CENTER.lat}&lng=${CENTER.lng}&radius=1.2`)
    ).json() as NearbyUser[];
    expect(close.map((u) => u.distanceKm)).toEqual([1.1, 1.1]);
    await t.database.db.delete(users).where(eq(users.id, other.user.id));
  });

  it("finds people across the antimeridian", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app, { fullName: "East of the line" });
    await place(a.user.id, { lat: 0, lng: 179.99 });
    await place(b.user.id, { lat: 0, lng: -179.99 });
    const list = (
      await as(t.app, a.cookie)({ method: "GET", url: "/api/users/nearby?lat=0&lng=179.99" })
    ).json() as NearbyUser[];
    expect(list.map((u) => [u.fullName, u.distanceKm])).toEqual([["East of the line", 2.2]]);
  });
});

describe("GET /api/events/nearby", () => {
  it("lists upcoming public events nearest first, leaving out past, canceled and group events", async () => {
    const host = viewer.user.id;
    const future = new Date(Date.now() + 7 * 86_400_000);
    const at = (km: number) => {
      const p = north(km);
      return { lat: p.lat, lng: p.lng, latitude: String(p.lat), longitude: String(p.lng) };
    };
    await t.database.db.insert(events).values([
      { title: "Far", description: "d", date: future, hostId: host, ...at(8) },
      { title: "Near", description: "d", date: future, hostId: host, ...at(1) },
      { title: "Outside", description: "d", date: future, hostId: host, ...at(11) },
      { title: "Past", description: "d", date: new Date(Date.now() - 86_400_000), hostId: host, ...at(2) },
      { title: "Canceled", description: "d", date: future, canceledAt: new Date(), hostId: host, ...at(2) },
      { title: "Nowhere", description: "d", date: future, hostId: host },
    ]);
    const res = await get(`/api/events/nearby?lat=${CENTER.lat}&lng=${CENTER.lng}`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as NearbyEvent[];
    expect(list.map((e) => e.title)).toEqual(["Near", "Far"]);
    expect(list[0].distanceKm).toBeCloseTo(1, 6);
    expect((await t.app.inject({ method: "GET", url: "/api/events/nearby?lat=10&lng=20" })).statusCode).toBe(401);
  });
});

describe("boundingBox", () => {
  it("covers the circle and drops the longitude bound when it would wrap", () => {
    const box = boundingBox({ lat: 0, lng: 0, radiusKm: 10 });
    expect(box.maxLat).toBeCloseTo(10 / KM_PER_DEG, 9);
    expect(box.maxLng).toBeCloseTo(10 / KM_PER_DEG, 6);
    expect(boundingBox({ lat: 0, lng: 179.99, radiusKm: 10 }).minLng).toBeNull();
    expect(boundingBox({ lat: 89.99, lng: 0, radiusKm: 10 }).minLng).toBeNull();
  });
});
