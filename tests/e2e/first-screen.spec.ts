import type { Page, Route } from "@playwright/test";
import { expect, shot, test } from "./fixtures";
import { DiscoverScreen } from "./pages/discover";

// The first open on a phone on a slow network: the server draws the signed-in first screen, so it is painted
// before any of the app's scripts has run, and the app takes it over without asking the API again.

/** A phone on a poor connection: 400 ms round trips, 400 kbit/s each way, a CPU 4 x slower than this one. */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/** Holds every request for the app's scripts until `release()`: what paints meanwhile is the HTML's alone. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\.js(\?|$)/, (route) => (holding ? held.push(route) : route.continue()));
  return {
    held,
    async release() {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test("on a slow network, / signed in paints the deck's top card before any script, and the app takes it over without fetching it again", async ({
  page,
  user,
}) => {
  test.setTimeout(120_000);
  // The service worker would answer from its own copies: this is the first open, with nothing on the device.
  await page.context().route("**/sw.js", (route) => route.abort());
  const deck = await page.request.get(`/api/events/swipe/${user.id}?type=social&limit=50`);
  const topCard = ((await deck.json()) as { events: Array<{ title: string }> }).events[0];
  expect(topCard, "the demo city gives a new person a deck").toBeDefined();

  await slowPhone(page);
  const scripts = await holdScripts(page);
  const reads: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === "/api/user" || pathname.startsWith("/api/events/swipe/")) reads.push(pathname);
  });
  // Not page.goto's own wait: nothing of the app runs while its scripts are held.
  await page.goto("/", { waitUntil: "commit" });

  const screen = new DiscoverScreen(page);
  await expect(screen.card.getByRole("heading", { level: 2 })).toHaveText(topCard.title, { timeout: 30_000 });
  await expect(screen.card.getByRole("button", { name: "Going" })).toBeVisible();
  await expect(screen.card.getByTestId("card-cover").locator("img")).toHaveJSProperty("complete", true);
  await expect(page.getByRole("tab", { name: "Social" })).toBeVisible();
  await expect(page.getByRole("link", { name: "My Events" })).toBeVisible();
  // The screen's content, not a spinner or a skeleton, and none of the app's code has run: its scripts are held.
  await expect(page.locator(".animate-spin, [data-slot=skeleton], [data-app-shell]")).toHaveCount(0);
  expect(scripts.held.length).toBeGreaterThan(0);
  await expect(page.locator("#root[data-ready]")).toHaveCount(0);
  await shot(page, "slow-first-paint-before-scripts");

  await scripts.release();
  await expect(page.locator("#root[data-ready]")).toBeAttached({ timeout: 60_000 });
  await expect(screen.card.getByRole("heading", { level: 2 })).toHaveText(topCard.title);
  // The page carried who is signed in and the deck's first page: the app asked for neither.
  expect(reads).toEqual([]);
  await screen.answer("Going");
  await expect(screen.status).toContainText(`Going: ${topCard.title}`, { timeout: 30_000 });
});

test("a second open paints the last screen from the device at once, offline too, and refreshes it online", async ({
  page,
  context,
  user,
}) => {
  test.setTimeout(90_000);
  const screen = new DiscoverScreen(page);
  await page.goto("/");
  await expect(screen.card).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The page the worker keeps is the one the server draws on a load it controls.
  await page.reload();
  const title = await screen.card.getByRole("heading", { level: 2 }).textContent();

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator(`#first-screen-data[data-from="device"]`)).toBeAttached();
  await expect(screen.card.getByRole("heading", { level: 2 })).toHaveText(title ?? "");
  await context.setOffline(false);

  // Online, the copy shows at once and the app fetches what it shows again.
  const refreshed = page.waitForResponse((r) => r.url().includes(`/api/events/swipe/${user.id}`));
  await page.reload();
  await expect(page.locator(`#first-screen-data[data-from="device"]`)).toBeAttached();
  expect((await refreshed).status()).toBe(200);
  await expect(screen.card).toBeVisible();
});
