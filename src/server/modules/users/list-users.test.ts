import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventSuite } from "#server/test/factories";
import { users } from "./schema";

const { app, signUp } = eventSuite();

describe("GET /api/users", () => {
  it("returns public fields only", async () => {
    const me = await signUp();
    const other = await signUp();
    await app()
      .database.db.update(users)
      .set({ latitude: "1.5", longitude: "2.5", lat: 1.5, lng: 2.5 })
      .where(eq(users.id, other.id));
    const res = await me.call({ method: "GET", url: `/api/users?ids=${other.id},999999` });
    expect(res.statusCode).toBe(200);
    const [u] = res.json();
    expect(res.json()).toHaveLength(1);
    expect(u.id).toBe(other.id);
    // Neither the address nor any of the four fields that place a person, nor the password's hash.
    for (const secret of ["email", "latitude", "longitude", "lat", "lng", "passwordHash"])
      expect(u, secret).not.toHaveProperty(secret);
    expect(JSON.stringify(u)).not.toMatch(/1\.5|2\.5/);
    expect((await me.call({ method: "GET", url: "/api/users?ids=x" })).statusCode).toBe(400);
    expect((await app().app.inject({ method: "GET", url: "/api/users" })).statusCode).toBe(401);
    const page = await me.call({ method: "GET", url: "/api/users?limit=2" });
    expect(page.json()).toHaveLength(2);
  });
});
