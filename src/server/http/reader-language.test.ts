import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { embedSnippet, HOST_TEXTS } from "#contract/hosts";
import type { Who } from "#server/test/factories";
import type { TestApp } from "#server/test/test-app";

// Every page the server renders speaks its reader's language in its first byte: a signed-in reader's account
// language whatever the browser asks for, a visitor's browser language. The shell is the built client's (no
// server render of the app), so what is read here is the server's own page text.
const dist = mkdtempSync(path.join(tmpdir(), "link-reader-language-"));
mkdirSync(path.join(dist, "assets"));
writeFileSync(
  path.join(dist, "index.html"),
  readFileSync(path.resolve("src/client/index.html"), "utf8").replace("/main.tsx", "/assets/main.js"),
);

let t: TestApp;
let host: Who;
let spanish: Who;
let arabic: Who;
let eventId: number;
let inviteCode: string;

beforeAll(async () => {
  // CLIENT_DIST is read when app.ts loads: set before the app's modules are imported.
  vi.stubEnv("CLIENT_DIST", dist);
  const { createTestApp } = await import("#server/test/test-app");
  const { createUser, createEvent, createGroup } = await import("#server/test/factories");
  t = await createTestApp({ PUBLIC_ORIGIN: "https://link.example" });
  host = await createUser(t);
  spanish = await createUser(t, { language: "es" });
  arabic = await createUser(t, { language: "ar" });
  // Thursday 17 January 2030, 8 PM in San Francisco.
  const event = await createEvent(host, {
    title: "Sundowner",
    date: "2030-01-18T04:00:00.000Z",
    location: "Dolores Park",
    latitude: "37.7596",
    longitude: "-122.4269",
  });
  eventId = event.id;
  inviteCode = (await createGroup(host, { name: "Book club" })).inviteCode;
});
afterAll(async () => {
  await t?.close();
  vi.unstubAllEnvs();
  rmSync(dist, { recursive: true, force: true });
});

const ENGLISH_BROWSER = { "accept-language": "en-US,en;q=0.9" };
const asSpanish = (url: string) => spanish.call({ url, headers: ENGLISH_BROWSER });
const asArabic = (url: string) => arabic.call({ url, headers: ENGLISH_BROWSER });
const asVisitor = (url: string, language: string) =>
  t.app.inject({ url, headers: { "accept-language": language, accept: "text/html" } });

const pages = () => ({
  event: `/events/${eventId}`,
  host: `/u/${host.user.username}`,
  invite: `/invite/${inviteCode}`,
  embed: `/embed/u/${host.user.username}`,
});
/** What each page says in Spanish and in Arabic: its date in that language where it shows one. */
const SAID = {
  es: {
    event: "jue, 17 ene, 20:00 PST",
    host: "jue, 17 ene, 20:00 PST · Sundowner",
    invite: "Únete a Book club en Link",
    embed: "jue, 17 ene, 20:00 PST",
  },
  ar: {
    event: "الخميس، 17 يناير، 8:00 م PST",
    host: "الخميس، 17 يناير، 8:00 م PST · Sundowner",
    invite: "انضم إلى Book club على Link",
    embed: "الخميس، 17 يناير، 8:00 م PST",
  },
};

/** A signed-in reader's page is theirs alone: no shared cache keeps it, and the browser's copy is told apart by cookie. */
function expectKeptForThisReaderOnly(headers: Record<string, unknown>) {
  expect(headers["cache-control"]).toMatch(/\bprivate\b/);
  expect(String(headers.vary)).toMatch(/\bcookie\b/i);
  expect(String(headers.vary)).toMatch(/\baccept-language\b/i);
}

describe("every page the server renders, in its reader's language", () => {
  it("speaks a signed-in Spanish account's language on an English browser, dates included, kept private", async () => {
    for (const [name, url] of Object.entries(pages())) {
      const res = await asSpanish(url);
      expect(res.statusCode, name).toBe(200);
      expect(res.body, name).toMatch(/<html lang="es" dir="ltr"/);
      expect(res.body, name).toContain(SAID.es[name as keyof typeof SAID.es]);
      expect(res.body, name).not.toContain("Thu, Jan 17");
      expectKeptForThisReaderOnly(res.headers);
    }
    // The app's other pages (its shell) too.
    const shell = await asSpanish("/my-events");
    expect(shell.body).toContain('<html lang="es" dir="ltr">');
    expect(shell.body).toContain('aria-label="Cargando"');
    expectKeptForThisReaderOnly(shell.headers);
  });

  it("reads right to left for a signed-in Arabic account on an English browser", async () => {
    for (const [name, url] of Object.entries(pages())) {
      const res = await asArabic(url);
      expect(res.statusCode, name).toBe(200);
      expect(res.body, name).toMatch(/<html lang="ar" dir="rtl"/);
      expect(res.body, name).toContain(SAID.ar[name as keyof typeof SAID.ar]);
      expectKeptForThisReaderOnly(res.headers);
    }
  });

  it("gives a visitor the best match of their browser's languages, and English when none is spoken", async () => {
    for (const [name, url] of Object.entries(pages())) {
      const res = await asVisitor(url, "es-MX,es;q=0.9,en;q=0.5");
      expect(res.body, name).toMatch(/<html lang="es" dir="ltr"/);
      expect(res.body, name).toContain(SAID.es[name as keyof typeof SAID.es]);
      expect(String(res.headers.vary), name).toMatch(/\baccept-language\b/i);
      expect(res.headers["cache-control"], name).not.toMatch(/\bpublic\b/);
      const unspoken = await asVisitor(url, "pt-BR");
      expect(unspoken.body, name).toMatch(/<html lang="en"/);
    }
    // A visitor's plain shell differs only by language: a shared cache may keep it, one copy per language.
    const shell = await asVisitor("/my-events", "ar");
    expect(shell.body).toContain('<html lang="ar" dir="rtl">');
    expect(shell.headers["cache-control"]).toBe("no-cache");
    expect(String(shell.headers.vary)).toMatch(/\baccept-language\b/i);
  });

  it("writes the unsubscribe page in the signed-in reader's language, else the browser's", async () => {
    const url = "/api/email/unsubscribe?token=1.friends.0.x";
    const signedIn = await spanish.call({ url, headers: { ...ENGLISH_BROWSER, accept: "text/html" } });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.body).toContain('<html lang="es" dir="ltr">');
    expect(signedIn.body).toContain("Este enlace para darte de baja no es válido.");
    expectKeptForThisReaderOnly(signedIn.headers);
    const visitor = await asVisitor(url, "ar");
    expect(visitor.body).toContain('<html lang="ar" dir="rtl">');
    expect(visitor.body).toContain("رابط إلغاء الاشتراك هذا غير صالح.");
  });
});

describe("the embed's language", () => {
  it("is the one its ?lang= names, whoever reads it; the host's snippet names the host's, its frame titled in it", async () => {
    const { serverText } = await import("#server/i18n");
    const snippet = embedSnippet(
      "https://link.example",
      host.user.username,
      "es",
      serverText("es", HOST_TEXTS, "embedFrameTitle", { product: "Link" }),
    );
    expect(snippet).toContain('title="Próximos eventos en Link"');
    const src = new URL(/src="([^"]+)"/.exec(snippet)?.[1] ?? "");
    expect(src.searchParams.get("lang")).toBe("es");
    // An English visitor and an Arabic account reading a Spanish host's embed read it in Spanish.
    for (const res of [await asVisitor(src.pathname + src.search, "en"), await asArabic(src.pathname + src.search)]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="es" dir="ltr">');
      expect(res.body).toContain(`<title>Próximos eventos de ${host.user.fullName}</title>`);
      expect(res.body).toContain(SAID.es.embed);
      expect(res.body).toContain(`Todos los eventos de ${host.user.fullName} en Link`);
    }
    const arabicEmbed = await asVisitor(`/embed/u/${host.user.username}?lang=ar`, "es");
    expect(arabicEmbed.body).toContain('<html lang="ar" dir="rtl">');
  });

  it("refuses a language Link does not speak, as it refuses an unknown theme", async () => {
    for (const lang of ["xx", "ES", "es-MX", ""]) {
      const res = await asVisitor(`/embed/u/${host.user.username}?lang=${lang}`, "es");
      expect(res.statusCode, lang).toBe(400);
    }
  });
});
