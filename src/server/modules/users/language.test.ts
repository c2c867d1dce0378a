import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { users } from "./schema";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const languageOf = async (id: number) =>
  (await t.database.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]?.language;

describe("a person's language", () => {
  it("GET /api/languages names each language in its own words, with its direction, to anyone", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/languages" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      languages: [
        { tag: "en", name: "English", dir: "ltr" },
        { tag: "es", name: "Español", dir: "ltr" },
        { tag: "ar", name: "العربية", dir: "rtl" },
        { tag: "fr", name: "Français", dir: "ltr" },
        { tag: "de", name: "Deutsch", dir: "ltr" },
        { tag: "ja", name: "日本語", dir: "ltr" },
      ],
    });
  });

  it("starts as the one chosen at registration, English when none was sent", async () => {
    const chosen = await registerUser(t.app, { language: "ar" });
    expect((await as(t.app, chosen.cookie)({ method: "GET", url: "/api/user" })).json().language).toBe("ar");
    const plain = await registerUser(t.app);
    expect((await as(t.app, plain.cookie)({ method: "GET", url: "/api/user" })).json().language).toBe("en");
  });

  it("PATCH /api/users/{id} changes it; a tag Link does not speak is a 400 that stores nothing", async () => {
    const person = await registerUser(t.app);
    const call = as(t.app, person.cookie);
    const changed = await call({ method: "PATCH", url: `/api/users/${person.user.id}`, payload: { language: "es" } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().language).toBe("es");
    expect(await languageOf(person.user.id)).toBe("es");

    for (const language of ["pt", "ES", "", "es-MX", 3]) {
      const refused = await call({ method: "PATCH", url: `/api/users/${person.user.id}`, payload: { language } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^language: /);
      expect(refused.json().code).toEqual(expect.any(String));
    }
    expect(await languageOf(person.user.id)).toBe("es");
  });

  it("another person's language is theirs to change, not a stranger's (403)", async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const res = await as(
      t.app,
      stranger.cookie,
    )({ method: "PATCH", url: `/api/users/${owner.user.id}`, payload: { language: "ar" } });
    expect(res.statusCode).toBe(403);
    expect(await languageOf(owner.user.id)).toBe("en");
  });
});
