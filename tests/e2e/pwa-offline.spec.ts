import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { type APIRequestContext, chromium, type Page } from "@playwright/test";
import { createEvent, createGroup, expect, participantsOf, shotBothThemes, test, uniqueToken } from "./fixtures";
import { DiscoverScreen } from "./pages/discover";
import { journeyServer } from "./servers";

// The installable app against the production build (scripts/start.mjs builds it). Set
// SCREENSHOTS=1 to save the offline banner, update prompt and retry screen in both themes.

async function serviceWorkerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function messagesWithText(request: APIRequestContext, groupId: number, text: string) {
  const res = await request.get(`/api/chat/messages/${groupId}?limit=50`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as Array<{ message: string }>).filter((m) => m.message === text).length;
}

test("offline: the shell, Discover, My Events and chat open from cache; a message written offline is sent once on reconnect", async ({
  page,
  context,
  newPerson,
  signUp,
}) => {
  test.setTimeout(90_000);
  const host = await newPerson();
  const token = uniqueToken("pwa");
  await createEvent(host.context.request, host.account.id, {
    title: `${token} Picnic`,
    date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  const me = await signUp(page.request);
  const mine = await createEvent(page.request, me.id, {
    title: `${token} Hosted`,
    date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
  });
  const group = await createGroup(page.request, { name: `${token} Crew`, description: "Offline journey" });
  expect(
    (
      await page.request.post("/api/chat/messages", {
        data: { groupId: group.id, message: "Saved before going offline", messageType: "text" },
      })
    ).status(),
  ).toBe(201);

  await test.step("online once: the service worker installs and keeps what the screens read", async () => {
    await page.goto("/");
    await serviceWorkerControls(page);
    // Read again under the service worker's control: the deck, My Events and the chat are now cached.
    await page.reload();
    const deck = new DiscoverScreen(page);
    await deck.search.fill(token);
    await expect(deck.card).toContainText(`${token} Picnic`);
    await page.getByRole("link", { name: "My Events" }).click();
    await expect(page.getByText(`${token} Hosted`)).toBeVisible();
    await page.goto(`/groups?group=${group.id}`);
    await expect(page.getByTestId("chat-messages")).toContainText("Saved before going offline");
  });

  await test.step("offline reload: the app shell and the offline banner, then My Events and the chat from cache", async () => {
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "You're offline." })).toBeVisible();
    await expect(page.getByTestId("chat-messages")).toContainText("Saved before going offline");
    // On a phone the conversation fills the screen, bottom bar included: back to the list first.
    await page.getByRole("button", { name: "Back to groups" }).click();
    await page.getByRole("link", { name: "My Events" }).click();
    await expect(page.getByText(`${token} Hosted`)).toBeVisible();
    await expect(page.getByRole("link", { name: `${token} Hosted` }).first()).toHaveAttribute(
      "href",
      `/events/${mine.id}`,
    );
  });

  await test.step("offline: Discover shows the last deck it read", async () => {
    await page.getByRole("link", { name: "Explore" }).click();
    await expect(page.getByRole("status").filter({ hasText: "You're offline." })).toBeVisible();
    await page.getByPlaceholder("Search social events...").fill(token);
    await expect(page.getByTestId("swipe-card")).toContainText(`${token} Picnic`);
  });

  const text = `Written offline ${token}`;
  await test.step("offline: a chat message is kept as pending and not sent", async () => {
    // Offline, the service worker answers the navigation with the app shell.
    await page.goto(`/groups?group=${group.id}`);
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("region", { name: `Chat in ${token} Crew` })).toContainText("Offline");
    const pending = page.getByTestId("chat-message-pending");
    await expect(pending).toContainText(text);
    await expect(pending).toContainText("Pending");
    await expect(page.getByText("You're offline. 1 change waits to be sent.")).toBeVisible();
    await shotBothThemes(page, "offline-banner", async () => {
      await page.reload();
      await expect(page.getByTestId("chat-message-pending")).toBeVisible();
    });
    expect(await messagesWithText(page.request, group.id, text)).toBe(0);
  });

  await test.step("back online: the message is sent exactly once and leaves pending", async () => {
    await context.setOffline(false);
    await expect(page.getByRole("status").filter({ hasText: "You're offline." })).toBeHidden();
    await expect(page.getByTestId("chat-message-pending")).toHaveCount(0);
    await expect(page.getByTestId("chat-message").filter({ hasText: text })).toHaveCount(1);
    await expect.poll(() => messagesWithText(page.request, group.id, text)).toBe(1);
    // A reload (a second drain) and another tab do not send it again.
    await page.reload();
    const second = await context.newPage();
    await second.goto(`/groups?group=${group.id}`);
    await expect(second.getByTestId("chat-messages")).toContainText(text);
    await page.waitForTimeout(1000);
    expect(await messagesWithText(page.request, group.id, text)).toBe(1);
    await second.close();
  });
});

test("a swipe made offline is shown as waiting, can be undone before it is sent, and is stored on reconnect", async ({
  page,
  context,
  newPerson,
  signUp,
}) => {
  const host = await newPerson();
  const token = uniqueToken("pws");
  const event = await createEvent(host.context.request, host.account.id, {
    title: `${token} Jam`,
    date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  const me = await signUp(page.request);
  await page.goto("/");
  await serviceWorkerControls(page);
  await page.reload();
  const deck = new DiscoverScreen(page);
  await deck.search.fill(token);
  const card = deck.card;
  await expect(card).toContainText(`${token} Jam`);

  await context.setOffline(true);
  // Undo before reconnecting takes the waiting answer back: nothing is sent for it.
  await deck.answer("Decline");
  await expect(deck.toast.filter({ hasText: "Saved offline" })).toBeVisible();
  await expect(page.getByText("You're offline. 1 change waits to be sent.")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("You're offline. Showing what was saved.")).toBeVisible();
  await expect(card).toContainText(`${token} Jam`);

  await deck.answer("Going");
  await expect(page.getByText("You're offline. 1 change waits to be sent.")).toBeVisible();
  const participants = async () => (await participantsOf(page.request, event.id)).filter((p) => p.userId === me.id);
  expect(await participants()).toEqual([]);

  await context.setOffline(false);
  await expect.poll(participants).toEqual([expect.objectContaining({ userId: me.id, status: "going" })]);
  await expect(page.getByRole("status").filter({ hasText: "You're offline." })).toBeHidden();
});

test("a screen whose chunk never loaded shows the retry screen, and Retry works once it can load", async ({
  newPerson,
}) => {
  // Without a service worker the chunk comes from the network, where the test can block it.
  const { page } = await newPerson({}, { serviceWorkers: "block" });
  const blockChunk = (route: { abort: () => Promise<void> }) => route.abort();
  await page.route(/\/assets\/my-events-page-[\w-]+\.js$/, blockChunk);
  await page.goto("/");
  await expect(page.getByPlaceholder("Search social events...")).toBeVisible();
  await page.getByRole("link", { name: "My Events" }).click();
  await expect(page.getByRole("heading", { name: "Couldn't load this screen" })).toBeVisible();
  // The shell stays: the person can still go elsewhere.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await shotBothThemes(page, "retry-screen", async () => {
    await page.reload();
    await expect(page.getByRole("heading", { name: "Couldn't load this screen" })).toBeVisible();
  });

  await page.unroute(/\/assets\/my-events-page-[\w-]+\.js$/, blockChunk);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { name: "My Events" })).toBeVisible();
  await expect(page.getByText("Couldn't load this screen")).toHaveCount(0);
});

test("installable: no installability errors, manifest and service worker served uncached and precompressed", async ({
  request,
  signUp,
  baseURL,
}) => {
  // Chromium never offers to install from an incognito profile (Playwright's contexts are): a real profile folder.
  const profile = mkdtempSync(path.join(tmpdir(), "link-pwa-"));
  const { launchOptions } = test.info().project.use;
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signUp(page.request);
    await page.goto("/");
    await serviceWorkerControls(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: unknown[];
    };
    expect(installabilityErrors).toEqual([]);
    // The browser bar follows the theme chosen in the app, whatever the system's scheme.
    const themeColors = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => m.getAttribute("content")),
      );
    for (const [theme, color] of [
      ["light", "#ffffff"],
      ["dark", "#0b0d14"],
    ] as const) {
      await page.evaluate((t) => localStorage.setItem("link-theme-preference", t), theme);
      await page.reload();
      await expect.poll(themeColors).toEqual([color, color]);
    }
    // The service worker answers navigations with the app, except the API and the operators' endpoints.
    await page.goto("/healthz");
    expect(await page.locator("body").textContent()).toContain('"status":"ok"');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  expect(manifest.headers()["cache-control"]).toBe("no-cache");
  const body = await manifest.json();
  expect(body).toMatchObject({ name: "Link", short_name: "Link", start_url: "/", display: "standalone" });
  for (const icon of body.icons as Array<{ src: string; sizes: string }>) {
    const png = await request.get(icon.src);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
  }
  expect((body.icons as Array<{ purpose: string }>).map((i) => i.purpose)).toContain("maskable");
  expect((await request.get("/icons/apple-touch-icon-180.png")).headers()["content-type"]).toBe("image/png");

  const sw = await request.get("/sw.js", { headers: { "accept-encoding": "br" } });
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toContain("javascript");
  expect(sw.headers()["cache-control"]).toBe("no-cache");
  expect(sw.headers()["content-encoding"]).toBe("br");
  expect(await sw.text()).toContain("precache");
  const gz = await request.get("/sw.js", { headers: { "accept-encoding": "gzip" } });
  expect(gz.headers()["content-encoding"]).toBe("gzip");
  expect(await gz.text()).toBe(await sw.text());

  // Hashed assets keep their year-long cache; the service worker never gets it.
  const html = await (await request.get("/")).text();
  const entry = /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  expect((await request.get(entry as string)).headers()["cache-control"]).toContain("immutable");
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  expect(html).toContain('media="(prefers-color-scheme: dark)"');
  expect(html).toContain('media="(prefers-color-scheme: light)"');
});

test("a new deploy's service worker offers Update available, and Reload moves the page onto it", async ({
  page,
  user: _,
}) => {
  await page.goto("/");
  await serviceWorkerControls(page);
  const firstScript = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  // The build of this worker's own server: a deploy there reaches no other journey.
  const swFile = path.join(path.resolve(journeyServer().dist), "sw.js");
  const original = readFileSync(swFile);
  const deploy = (content: Buffer) => {
    writeFileSync(swFile, content);
    writeFileSync(`${swFile}.br`, brotliCompressSync(content));
    writeFileSync(`${swFile}.gz`, gzipSync(content));
  };
  try {
    // A "new deploy": the same worker, byte-different, as any rebuild makes it.
    deploy(Buffer.concat([original, Buffer.from(`\n// deploy ${Date.now()}\n`)]));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole("status").filter({ hasText: "Update available" });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await shotBothThemes(page, "update-prompt", async () => {
      // The theme applies on load; the prompt returns because the new worker still waits.
      await page.reload();
      await expect(prompt).toBeVisible({ timeout: 15_000 });
    });
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state);
    expect(waiting).toBe("installed");
    await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
    await expect(prompt).toBeHidden();
    await expect
      .poll(() =>
        page.evaluate(async () => ({
          waiting: (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
          controlled: !!navigator.serviceWorker.controller,
        })),
      )
      .toEqual({ waiting: null, controlled: true });
    expect(firstScript).toContain("/sw.js");
  } finally {
    deploy(original);
  }
});

test("signing out deletes the offline copies of what the person read", async ({ page, user: _ }) => {
  await page.goto("/");
  await serviceWorkerControls(page);
  await page.reload();
  await expect(page.getByPlaceholder("Search social events...")).toBeVisible();
  // What the person read is kept: the page the server drew (its data inline) and what the app fetched since.
  const kept = () =>
    page.evaluate(async () => {
      const paths = async (name: string) =>
        (await caches.has(name)) ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
      return { pages: await paths("link-pages"), api: await paths("link-api") };
    });
  await expect.poll(async () => (await kept()).pages).toContain("/");
  await expect.poll(async () => (await kept()).api.length).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth/);
  // The signed-in page and every API copy go; the sign-in page may be kept afresh.
  await expect.poll(kept).toEqual({ pages: expect.not.arrayContaining(["/"]), api: [] });
});
