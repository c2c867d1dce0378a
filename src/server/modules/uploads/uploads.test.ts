import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../db/schema";
import { as, createTestApp, registerUser, type TestApp } from "../../test/test-app";

let t: TestApp;
let alice: Awaited<ReturnType<typeof registerUser>>;

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app);
});
afterAll(() => t.close());

describe("POST /api/uploads and GET /api/uploads/:id", () => {
  it("stores a PNG and serves it back with its type and nosniff", async () => {
    const res = await as(t.app, alice.cookie)({ method: "POST", url: "/api/uploads", payload: { dataUrl: dataUrl("image/png", PNG) } });
    expect(res.statusCode).toBe(201);
    const { url, id } = res.json();
    expect(url).toBe(`/api/uploads/${id}`);
    const rows = await t.database.db.select().from(uploads);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, userId: alice.user.id, contentType: "image/png" });
    const file = await t.app.inject({ method: "GET", url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it("refuses a type outside the allow-list with 415", async () => {
    const svg = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    const res = await as(t.app, alice.cookie)({ method: "POST", url: "/api/uploads", payload: { dataUrl: dataUrl("image/svg+xml", svg) } });
    expect(res.statusCode).toBe(415);
  });

  it("refuses bytes that are not the declared type with 400", async () => {
    const res = await as(t.app, alice.cookie)({
      method: "POST",
      url: "/api/uploads",
      payload: { dataUrl: dataUrl("image/jpeg", Buffer.from("<html>not a photo</html>")) },
    });
    expect(res.statusCode).toBe(400);
    expect((await as(t.app, alice.cookie)({ method: "POST", url: "/api/uploads", payload: { dataUrl: "hello" } })).statusCode).toBe(400);
  });

  it("refuses a photo over 2 MB with 413, both decoded and as a body", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const decoded = await as(t.app, alice.cookie)({ method: "POST", url: "/api/uploads", payload: { dataUrl: dataUrl("image/png", big) } });
    expect(decoded.statusCode).toBe(413);
    const huge = Buffer.alloc(3 * 1024 * 1024);
    const body = await as(t.app, alice.cookie)({ method: "POST", url: "/api/uploads", payload: { dataUrl: dataUrl("image/png", huge) } });
    expect(body.statusCode).toBe(413);
    expect(await t.database.db.select().from(uploads)).toHaveLength(1);
  });

  it("refuses a visitor with 401 and answers 404 for an unknown id", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/uploads", payload: { dataUrl: dataUrl("image/png", PNG) } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/uploads/AAAAAAAAAAAAAAAAAAAAAA" })).statusCode).toBe(404);
  });
});
