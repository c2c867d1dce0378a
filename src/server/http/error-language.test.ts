import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TEXTS } from "#contract/api-texts";
import { LOGIN_TEXTS } from "#contract/auth-texts";
import { serverText } from "#server/i18n";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";

// Every error answer is {message, code}: the code names the message in the catalogs, the message is in the
// language the request asks for (the app sends its own in Accept-Language).
let t: TestApp;
beforeAll(async () => {
  // The sign-in budgets as configured: three attempts per address, so a 429 comes quickly.
  t = await createTestApp({ AUTH_RATE_LIMIT: 3 });
});
afterAll(() => t.close());

describe("error answers in the request's language", () => {
  it("an unknown event: 404 api.eventNotFound, in Spanish and in Arabic", async () => {
    const ana = await registerUser(t.app);
    const get = (language: string) =>
      as(t.app, ana.cookie)({ method: "GET", url: "/api/events/999999", headers: { "accept-language": language } });
    const es = await get("es-MX,es;q=0.9,en;q=0.8");
    expect(es.statusCode).toBe(404);
    expect(es.json()).toEqual({ code: "api.eventNotFound", message: "Evento no encontrado" });
    expect((await get("ar")).json()).toEqual({ code: "api.eventNotFound", message: "الفعالية غير موجودة" });
    expect((await get("en")).json()).toEqual({ code: "api.eventNotFound", message: "Event not found" });
    // The weights decide, not the order: English listed first but weighted lower answers in Spanish.
    expect((await get("en;q=0.2,es;q=0.9")).json()).toEqual({
      code: "api.eventNotFound",
      message: "Evento no encontrado",
    });
  });

  it("an answer is found by the code it was thrown with: reworded English stays translated", async () => {
    const ana = await registerUser(t.app);
    const get = (language: string) =>
      as(t.app, ana.cookie)({ method: "GET", url: "/api/events/999999", headers: { "accept-language": language } });
    const texts = API_TEXTS as Record<string, string>;
    const before = texts.eventNotFound;
    texts.eventNotFound = "No event has that number";
    try {
      expect((await get("es")).json()).toEqual({ code: "api.eventNotFound", message: "Evento no encontrado" });
      expect((await get("en")).json()).toEqual({ code: "api.eventNotFound", message: "No event has that number" });
    } finally {
      texts.eventNotFound = before;
    }
  });

  it("a form rule's own text by its code: 400 with the contract's Spanish and the rule's code", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "someone", password: "" },
      headers: { "accept-language": "es" },
      remoteAddress: "10.77.0.9",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: "login.passwordRequired",
      message: `password: ${serverText("es", LOGIN_TEXTS, "passwordRequired")}`,
    });
    expect(serverText("es", LOGIN_TEXTS, "passwordRequired")).not.toBe(LOGIN_TEXTS.passwordRequired);
  });

  it("a failed validation: 400 with zod's own Spanish for the field", async () => {
    const ana = await registerUser(t.app);
    const res = await as(
      t.app,
      ana.cookie,
    )({
      method: "GET",
      url: "/api/notifications?limit=0",
      headers: { "accept-language": "es" },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; message: string };
    expect(body.code).toBe("validation");
    expect(body.message).toMatch(/^limit: /);
    expect(body.message).toMatch(/Demasiado pequeño|debe ser/);
  });

  it("too many sign-ins: 429 with its seconds, in Spanish", async () => {
    const tries = [];
    for (let i = 0; i < 6; i++) {
      tries.push(
        await t.app.inject({
          method: "POST",
          url: "/api/login",
          payload: { username: "nobody-here", password: "wrong-password" },
          headers: { "accept-language": "es" },
          remoteAddress: "10.77.0.1",
        }),
      );
    }
    const refused = tries.find((res) => res.statusCode === 429);
    expect(refused).toBeDefined();
    const seconds = Number(refused?.headers["retry-after"]);
    expect(refused?.json()).toEqual({
      code: "api.tooManyAttempts",
      message: `Demasiados intentos, vuelve a intentarlo en ${seconds} s`,
    });
    // A wrong password before it: 401 in Spanish too.
    expect(tries[0].json()).toEqual({ code: "api.invalidLogin", message: "Usuario o contraseña incorrectos" });
  });

  it("signed out: 401 api.notSignedIn, in Spanish", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/notifications", headers: { "accept-language": "es" } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: "api.notSignedIn", message: "No has iniciado sesión" });
  });
});
