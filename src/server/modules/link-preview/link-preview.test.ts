import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EVENT_PREVIEWS_PER_MINUTE } from "#contract/event-sharing";
import type { TestApp } from "#server/test/test-app";

// The shell the built client would serve, with one cover illustration as Vite names it.
const dist = mkdtempSync(path.join(tmpdir(), "link-dist-"));
mkdirSync(path.join(dist, "assets"));
writeFileSync(
  path.join(dist, "index.html"),
  readFileSync(path.resolve("src/client/index.html"), "utf8").replace("/main.tsx", "/assets/main.js"),
);
writeFileSync(path.join(dist, "assets", "social-Ab12Cd.svg"), "<svg/>");
writeFileSync(path.join(dist, "assets", "food-Ef34Gh.svg"), "<svg/>");

let t: TestApp;
let helpers: typeof import("#server/test/factories");

beforeAll(async () => {
  // CLIENT_DIST is read when app.ts loads: set before the app's modules are imported.
  vi.stubEnv("CLIENT_DIST", dist);
  const { createTestApp } = await import("#server/test/test-app");
  helpers = await import("#server/test/factories");
  t = await createTestApp({ PUBLIC_ORIGIN: "https://link.example" });
});
afterAll(async () => {
  await t?.close();
  vi.unstubAllEnvs();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: "GET", url });
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;

describe("link cards in the HTML shell", () => {
  it("an event's link carries its title, time in its zone, place and cover illustration", async () => {
    const { createUser, createEvent } = helpers;
    const host = await createUser(t);
    const date = new Date("2030-01-18T04:00:00.000Z");
    const event = await createEvent(host, {
      title: "Sundowner",
      description: "Bring a jacket",
      date: date.toISOString(),
      location: "Dolores Park",
      latitude: "37.7596",
      longitude: "-122.4269",
      tags: ["food"],
    });
    const res = await page(`/events/${event.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(metaOf(res.body, "og:title")).toBe("Sundowner");
    expect(metaOf(res.body, "twitter:title")).toBe("Sundowner");
    expect(metaOf(res.body, "og:description")).toBe("Thu, Jan 17, 8:00 PM PST · Dolores Park — Bring a jacket");
    expect(metaOf(res.body, "og:image")).toBe("https://link.example/assets/food-Ef34Gh.svg");
    expect(metaOf(res.body, "og:url")).toBe(`https://link.example/events/${event.id}`);
    expect(metaOf(res.body, "twitter:card")).toBe("summary_large_image");
    expect(res.body).toContain("<title>Sundowner · Link</title>");
    // Still the app: the script that renders the page is there.
    expect(res.body).toContain("/assets/main.js");
  });

  it("escapes a hostile title and description: what a person wrote never becomes markup", async () => {
    const { createUser, createEvent } = helpers;
    const host = await createUser(t);
    const hostile = `"><script>alert(1)</script><meta property="og:title" content="pwned`;
    const event = await createEvent(host, { title: hostile, description: "</title><img src=x onerror=alert(2)>" });
    const res = await page(`/events/${event.id}`);
    expect(res.body).not.toContain("<script>alert(1)</script>");
    expect(res.body).not.toContain("<img src=x");
    expect(res.body).not.toContain('content="pwned');
    expect(metaOf(res.body, "og:title")).toBe(
      "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;meta property=&quot;og:title&quot; content=&quot;pwned",
    );
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it("a group invite's link names its group; nothing for a group's plan, an unknown code or a bad id", async () => {
    const { createUser, createGroup } = helpers;
    const owner = await createUser(t);
    const group = await createGroup(owner, { name: "Book <club>", description: "Monthly" });
    const invite = await page(`/invite/${group.inviteCode}`);
    expect(metaOf(invite.body, "og:title")).toBe("Join Book &lt;club&gt; on Link");
    expect(metaOf(invite.body, "og:description")).toBe("1 member · Monthly");
    expect(metaOf(invite.body, "og:image")).toBe("https://link.example/assets/social-Ab12Cd.svg");

    const plan = await owner.call({
      method: "POST",
      url: "/api/events",
      payload: { title: "Secret plan", date: "2030-01-18T04:00:00.000Z", groupId: group.id },
    });
    expect(plan.statusCode).toBe(201);
    for (const url of [`/events/${plan.json().id}`, "/events/999999", "/events/abc", "/invite/nope"]) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(metaOf(res.body, "og:title")).toBeNull();
      expect(res.body).not.toContain("Secret plan");
      expect(res.body).toContain("<title>Link</title>");
    }
  });

  it("gives a viewer the host blocked, or who blocked the host, no card: the preview's block rule", async () => {
    const { createUser, createEvent } = helpers;
    const host = await createUser(t);
    const blocked = await createUser(t);
    const blocker = await createUser(t);
    const event = await createEvent(host, { title: "Rooftop at 9", location: "12 Hidden Lane" });
    const block = (who: typeof host, other: typeof host) =>
      who.call({ method: "POST", url: "/api/blocks", payload: { userId: other.id } });
    expect((await block(host, blocked)).statusCode).toBe(200);
    expect((await block(blocker, host)).statusCode).toBe(200);
    for (const viewer of [blocked, blocker]) {
      const res = await t.app.inject({ method: "GET", url: `/events/${event.id}`, headers: { cookie: viewer.cookie } });
      expect(res.statusCode).toBe(200);
      expect(metaOf(res.body, "og:title")).toBeNull();
      expect(res.body).not.toContain("Rooftop at 9");
      expect(res.body).not.toContain("Hidden Lane");
    }
  });

  it("spends the preview's per-address budget: past it, no card and 429, and the API preview is spent too", async () => {
    const { createUser, createEvent } = helpers;
    const host = await createUser(t);
    const event = await createEvent(host, { title: "Counted card" });
    const from = (url: string) => t.app.inject({ method: "GET", url, remoteAddress: "198.51.100.7" });
    for (let n = 0; n < EVENT_PREVIEWS_PER_MINUTE; n += 1) {
      expect(metaOf((await from(`/events/${event.id}`)).body, "og:title")).toBe("Counted card");
    }
    const over = await from(`/events/${event.id}`);
    expect(over.statusCode).toBe(429);
    expect(over.headers["retry-after"]).toBeDefined();
    expect(over.body).not.toContain("Counted card");
    expect(over.body).toContain("<title>Link</title>");
    expect((await from(`/api/events/${event.id}/preview`)).statusCode).toBe(429);
  });
});
