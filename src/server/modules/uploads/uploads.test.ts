import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, UPLOAD_BYTES_PER_DAY, UPLOADS_PER_HOUR } from "#contract/limits";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { uploads, uploadVariants } from "./schema";

let t: TestApp;
let alice: Awaited<ReturnType<typeof registerUser>>;

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

/** A phone photo: 1600x800 pixels stored sideways (EXIF orientation 6), with the camera's make and a GPS position. */
async function phoneJpeg() {
  return sharp({ create: { width: 1600, height: 800, channels: 3, background: "#2a7" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Secret Phone 9" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "37/1 46/1 30/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "122/1 25/1 10/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** RIFF chunk ids of a WebP file: VP8/VP8L/VP8X hold pixels; EXIF, XMP and ICCP would hold metadata. */
function webpChunks(file: Buffer): string[] {
  const ids: string[] = [];
  for (let at = 12; at + 8 <= file.length; ) {
    ids.push(file.subarray(at, at + 4).toString("latin1"));
    at += 8 + file.readUInt32LE(at + 4) + (file.readUInt32LE(at + 4) % 2);
  }
  return ids;
}

async function upload(cookie: string, type: string, bytes: Buffer) {
  return as(t.app, cookie)({ method: "POST", url: "/api/uploads", payload: { dataUrl: dataUrl(type, bytes) } });
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app);
});
afterAll(() => t.close());

describe("POST /api/uploads: the picture pipeline", () => {
  it("stores a JPEG with GPS EXIF as upright WebP in three sizes with no metadata at all", async () => {
    const original = await phoneJpeg();
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from("Secret Phone 9"))).toBe(true);

    const res = await upload(alice.cookie, "image/jpeg", original);
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json();
    expect(url).toBe(`/api/uploads/${id}`);

    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({
      userId: alice.user.id,
      contentType: "image/webp",
      data: null,
      byteSize: original.length,
    });
    const stored = await t.database.db.select().from(uploadVariants).where(eq(uploadVariants.uploadId, id));
    expect(stored.map((v) => v.width).sort((a, b) => a - b)).toEqual([...IMAGE_WIDTHS]);
    for (const variant of stored) {
      const bytes = Buffer.from(variant.data);
      expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
      expect(webpChunks(bytes).filter((c) => !c.startsWith("VP8"))).toEqual([]);
      expect(bytes.includes(Buffer.from("Secret Phone"))).toBe(false);
      expect(bytes.includes(Buffer.from("PhoneCo"))).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      // Turned upright: the sideways 1600x800 becomes portrait, resized to the variant's width (800 at most: never enlarged).
      expect(meta.width).toBe(Math.min(variant.width, 800));
      expect(meta.height).toBe(meta.width * 2);
    }
  });

  it("serves each size as WebP with nosniff and a long cache; the bare URL is the largest", async () => {
    const { url, id } = (await upload(alice.cookie, "image/png", PNG)).json();
    for (const width of IMAGE_WIDTHS) {
      const file = await t.app.inject({ method: "GET", url: `${url}/${width}` });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/webp");
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.headers["cache-control"]).toContain("immutable");
    }
    const largest = await t.app.inject({ method: "GET", url });
    const [stored] = await t.database.db
      .select()
      .from(uploadVariants)
      .where(eq(uploadVariants.uploadId, id))
      .orderBy(uploadVariants.width)
      .offset(2);
    expect(largest.rawPayload.equals(Buffer.from(stored.data))).toBe(true);
    expect((await t.app.inject({ method: "GET", url: `${url}/999` })).statusCode).toBe(400);
  });

  it("re-encodes a photo stored before the pipeline on first read and drops its original", async () => {
    const original = await phoneJpeg();
    await t.database.db.insert(uploads).values({
      id: "legacyLegacyLegacy01",
      userId: alice.user.id,
      contentType: "image/jpeg",
      data: original.toString("base64"),
    });
    const file = await t.app.inject({ method: "GET", url: "/api/uploads/legacyLegacyLegacy01/320" });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, "legacyLegacyLegacy01"));
    expect(row.data).toBeNull();
  });

  it("refuses a type outside the allow-list with 415", async () => {
    const svg = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    expect((await upload(alice.cookie, "image/svg+xml", svg)).statusCode).toBe(415);
  });

  it("refuses bytes that are not the declared type, or do not decode, with 400 and stores nothing", async () => {
    const before = (await t.database.db.select().from(uploads)).length;
    expect((await upload(alice.cookie, "image/jpeg", Buffer.from("<html>not a photo</html>"))).statusCode).toBe(400);
    const broken = await upload(alice.cookie, "image/png", Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(64)]));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe("The photo could not be read");
    expect(
      (await as(t.app, alice.cookie)({ method: "POST", url: "/api/uploads", payload: { dataUrl: "hello" } }))
        .statusCode,
    ).toBe(400);
    expect(await t.database.db.select().from(uploads)).toHaveLength(before);
  });

  it("refuses a photo over 2 MB with 413, both decoded and as a body", async () => {
    const before = (await t.database.db.select().from(uploads)).length;
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(alice.cookie, "image/png", big)).statusCode).toBe(413);
    expect((await upload(alice.cookie, "image/png", Buffer.alloc(3 * 1024 * 1024))).statusCode).toBe(413);
    expect(await t.database.db.select().from(uploads)).toHaveLength(before);
  });

  it("refuses a visitor with 401 and answers 404 for an unknown id", async () => {
    expect(
      (await t.app.inject({ method: "POST", url: "/api/uploads", payload: { dataUrl: dataUrl("image/png", PNG) } }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/uploads/AAAAAAAAAAAAAAAAAAAAAA" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/uploads/AAAAAAAAAAAAAAAAAAAAAA/640" })).statusCode).toBe(
      404,
    );
  });
});

describe("upload quotas", () => {
  const past = (ms: number) => new Date(Date.now() - ms);

  it(`answers 429 with Retry-After after ${UPLOADS_PER_HOUR} photos in an hour, and stores nothing more`, async () => {
    const bob = await registerUser(t.app);
    await t.database.db.insert(uploads).values(
      Array.from({ length: UPLOADS_PER_HOUR }, (_, i) => ({
        id: `hourQuota${String(i).padStart(10, "0")}`,
        userId: bob.user.id,
        contentType: "image/webp",
        byteSize: 1000,
        createdAt: past(30 * 60_000 - i * 1000),
      })),
    );
    const res = await upload(bob.cookie, "image/png", PNG);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(
      new RegExp(`^You can upload ${UPLOADS_PER_HOUR} photos an hour\\. Try again in 30 minutes\\.$`),
    );
    // In the reader's language, with the language's own plural.
    const spanish = await as(
      t.app,
      bob.cookie,
    )({
      method: "POST",
      url: "/api/uploads",
      headers: { "accept-language": "es" },
      payload: { dataUrl: dataUrl("image/png", PNG) },
    });
    expect(spanish.json()).toEqual({
      code: "api.uploadsPerHour",
      message: `Puedes subir ${UPLOADS_PER_HOUR} fotos por hora. Vuelve a intentarlo en 30 minutos.`,
    });
    // The oldest of the hour's photos is 30 min old: a place frees in 30 min, less the seconds the test took.
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(29 * 60 - 5);
    expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(30 * 60);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.userId, bob.user.id))).toHaveLength(
      UPLOADS_PER_HOUR,
    );
  });

  it("answers 413 once the day's bytes are used, counting only the last 24 hours", async () => {
    const carol = await registerUser(t.app);
    await t.database.db.insert(uploads).values([
      {
        id: "dayQuotaOld000000001",
        userId: carol.user.id,
        contentType: "image/webp",
        byteSize: UPLOAD_BYTES_PER_DAY,
        createdAt: past(25 * 3_600_000),
      },
      {
        id: "dayQuotaNew000000001",
        userId: carol.user.id,
        contentType: "image/webp",
        byteSize: UPLOAD_BYTES_PER_DAY - 50,
        createdAt: past(2 * 3_600_000),
      },
    ]);
    const res = await upload(carol.cookie, "image/png", PNG);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      `You can upload ${UPLOAD_BYTES_PER_DAY / 1024 / 1024} MB of photos a day. Try again in 22 hours.`,
    );
    // The newest upload that counts is 2 h old: its bytes come free in 22 h, the seconds since it was stored aside.
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeLessThanOrEqual(22 * 3600);
    expect(retryAfter).toBeGreaterThan(22 * 3600 - 60);
    // Someone else's allowance is untouched.
    expect((await upload(alice.cookie, "image/png", PNG)).statusCode).toBe(201);
  });

  it("holds under one user's concurrent uploads: one place left, one stored", async () => {
    const dave = await registerUser(t.app);
    await t.database.db.insert(uploads).values(
      Array.from({ length: UPLOADS_PER_HOUR - 1 }, (_, i) => ({
        id: `raceQuota${String(i).padStart(10, "0")}`,
        userId: dave.user.id,
        contentType: "image/webp",
        createdAt: past(60_000),
      })),
    );
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(dave.cookie, "image/png", PNG)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 429, 429, 429, 429, 429]);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.userId, dave.user.id))).toHaveLength(
      UPLOADS_PER_HOUR,
    );
  });
});
