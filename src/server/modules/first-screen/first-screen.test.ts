import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FIRST_SCREEN_DATA_ID, type FirstScreenData } from "#contract/first-screen";
import type { Who } from "../../test/factories";
import type { TestApp } from "../../test/test-app";
import { scriptJson } from "./page-html";

// A built client as scripts/build.mjs leaves it: index.html as Vite writes it (the app's script in the head, #root
// last in the body), and the app's server render in ssr/. This render writes what it was handed, so the test
// reads what a drawn page holds; the real one (src/client/entry-server.tsx) is exercised by the journeys.
// CLIENT_DIST is read when app.ts loads, hence the dynamic imports.
const clientDist = mkdtempSync(path.join(tmpdir(), "link-first-screen-"));
mkdirSync(path.join(clientDist, "ssr"));
mkdirSync(path.join(clientDist, ".vite"));
writeFileSync(
  path.join(clientDist, ".vite/manifest.json"),
  `{"index.html":{"file":"assets/index-AbC.js","name":"the-build-manifest"}}`,
);
writeFileSync(
  path.join(clientDist, "index.html"),
  `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Link" />
    <title>Link</title>
    <link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials" />
    <script type="module" crossorigin src="/assets/index-AbC.js"></script>
  </head>
  <body>
    <div id="root"><div class="app-shell" data-app-shell><main class="app-shell-frame" role="status" aria-label="Loading"></main></div></div>
  </body>
</html>`,
);
writeFileSync(
  path.join(clientDist, "ssr/entry-server.js"),
  `export async function renderFirstScreen(url, data) {
    const { pathname, search } = new URL(url);
    return '<main data-drawn="' + encodeURIComponent(pathname + search) + '">' + data.feed?.events.length + ' cards</main>';
  }`,
);

writeFileSync(
  path.join(clientDist, "ssr/screen-preloads.json"),
  JSON.stringify({
    "/": ["assets/start-S1.js", "assets/discover-page-D1.js", 'assets/x.js"><script>alert(1)</script>'],
    "/auth": ["assets/start-S1.js", "assets/auth-page-A1.js"],
  }),
);

/** The modulepreload links of a page's head, as the browser reads them. */
const preloadsOf = (html: string) =>
  [
    ...html
      .slice(0, html.indexOf("</head>"))
      .matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]*)">/g),
  ].map((m) => m[1]);

/** The data element of a drawn page, read back as the app reads it. */
function dataOf(html: string): FirstScreenData {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}" data-from="server">([^<]*)</script>`,
  ).exec(html);
  if (!match) throw new Error("no first-screen data in the page");
  return JSON.parse(match[1]) as FirstScreenData;
}

let t: TestApp;
let reader: Who;
let host: Who;
let picnic: { id: number };
let groupPlan: { id: number };
beforeAll(async () => {
  vi.stubEnv("CLIENT_DIST", clientDist);
  const { createTestApp } = await import("../../test/test-app");
  const { createEvent, createUser } = await import("../../test/factories");
  t = await createTestApp();
  reader = await createUser(t, { language: "es" });
  host = await createUser(t);
  await createEvent(host, { title: "</script><script>alert(1)</script><!-- a title \u2028 with markup" });
  picnic = await createEvent(host, { title: "Picnic" });
  const { createGroup } = await import("../../test/factories");
  const group = await createGroup(host);
  const plan = await host.call({
    method: "POST",
    url: "/api/events",
    payload: { title: "Our plan", date: new Date(Date.now() + 86_400_000).toISOString(), groupId: group.id },
  });
  groupPlan = plan.json() as { id: number };
});
afterAll(async () => {
  await t?.close();
  vi.unstubAllEnvs();
  rmSync(clientDist, { recursive: true, force: true });
});

describe("the first screen drawn on the server", () => {
  it("draws the deck with exactly the first page the API answers the same person, in their language, kept private", async () => {
    const page = await reader.call({ url: "/", headers: { "accept-language": "en" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-cache");
    expect(page.headers.vary).toMatch(/\bcookie\b/i);
    expect(page.body).toContain('<main data-drawn="%2F">2 cards</main>');
    // The page carries /api/user's answer: it does not ask for it again as it loads.
    expect(page.body).not.toContain('href="/api/user"');
    const data = dataOf(page.body);
    const user = await reader.call({ url: "/api/user" });
    const deck = await reader.call({ url: `/api/events/swipe/${reader.id}?type=social&limit=50` });
    expect(data.user).toEqual(user.json());
    expect(data.feed).toEqual(deck.json());
    // Signed in, the page speaks the account's language whatever the browser asks for.
    expect(data.language).toBe("es");
    expect(page.body).toContain('<html lang="es" dir="ltr">');
    // The deck's scripts start with the HTML, not a round trip later; a name that is not a built file never enters.
    expect(preloadsOf(page.body)).toEqual(["/assets/start-S1.js", "/assets/discover-page-D1.js"]);
    expect(page.body).not.toContain('alert(1)</script>"');
  });

  it("keeps what a person wrote inside the data element: no markup, no end of the script, the same text read back", async () => {
    const page = await reader.call({ url: "/" });
    const element = page.body.slice(page.body.indexOf(`id="${FIRST_SCREEN_DATA_ID}"`));
    const inside = element.slice(element.indexOf(">") + 1, element.indexOf("</script>"));
    expect(inside).not.toMatch(/[<>\u2028]/);
    expect(dataOf(page.body).feed?.events.map((e) => e.title)).toContain(
      "</script><script>alert(1)</script><!-- a title \u2028 with markup",
    );
    expect(scriptJson({ text: "</script>&\u2029" })).toBe('{"text":"\\u003c/script\\u003e\\u0026\\u2029"}');
  });

  it("draws My Events and an event's page with their reads' answers; an event the person may not see, without it", async () => {
    await reader.call({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: picnic.id, userId: reader.id, status: "going" },
    });
    const myEvents = await reader.call({ url: "/my-events?tab=past" });
    expect(myEvents.body).toContain('<main data-drawn="%2Fmy-events%3Ftab%3Dpast">undefined cards</main>');
    expect(preloadsOf(myEvents.body)).toEqual([]);
    const listed = dataOf(myEvents.body);
    expect(listed.feed).toBeUndefined();
    expect(listed.myEvents).toEqual((await reader.call({ url: `/api/events/user?userId=${reader.id}` })).json());
    expect(listed.myEvents?.map((e) => e.title)).toEqual(["Picnic"]);

    const eventPage = await reader.call({ url: `/events/${picnic.id}` });
    expect(dataOf(eventPage.body).event).toEqual((await reader.call({ url: `/api/events/${picnic.id}` })).json());
    // Another group's plan: the API refuses it to this person, and the page carries nothing of it.
    expect((await reader.call({ url: `/api/events/${groupPlan.id}` })).statusCode).toBeGreaterThanOrEqual(400);
    const refused = await reader.call({ url: `/events/${groupPlan.id}` });
    expect(dataOf(refused.body).event).toBeUndefined();
    expect(refused.body).not.toContain("Our plan");
  });

  it("draws nothing for a visitor but the sign-in page", async () => {
    const visitor = await t.app.inject({ url: "/", headers: { "accept-language": "ar" } });
    expect(visitor.body).not.toContain(FIRST_SCREEN_DATA_ID);
    expect(visitor.body).toContain('<html lang="ar" dir="rtl">');
    expect(visitor.headers["cache-control"]).toBe("no-cache");
    expect(visitor.headers.vary).not.toMatch(/cookie/i);

    const signIn = await t.app.inject({ url: "/auth" });
    expect(dataOf(signIn.body)).toMatchObject({ user: null, language: "en" });
    expect(preloadsOf(signIn.body)).toEqual(["/assets/start-S1.js", "/assets/auth-page-A1.js"]);
    // A page nothing was drawn for names no screen's scripts: the app decides where a visitor goes.
    expect(preloadsOf(visitor.body)).toEqual([]);

    // An ended session is a visitor.
    const ended = await t.app.inject({ url: "/", headers: { cookie: "link_session=not-a-session" } });
    expect(ended.body).not.toContain(FIRST_SCREEN_DATA_ID);
  });

  it("never serves the app's server render or the build's manifest as a file", async () => {
    const res = await t.app.inject({ url: "/ssr/entry-server.js" });
    expect(res.body).not.toContain("renderFirstScreen");
    const manifest = await t.app.inject({ url: "/.vite/manifest.json" });
    expect(manifest.body).not.toContain("the-build-manifest");
  });
});
