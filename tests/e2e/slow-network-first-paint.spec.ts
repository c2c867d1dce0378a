import type { BrowserContext, Page } from "@playwright/test";
import { createEvent, expect, shot, test, uniqueToken } from "./fixtures";

// On a slow network (400 ms latency, 400 kbit/s) the HTML itself paints the logo and the app's frame, and
// a shared event's link its title, time and place, while the app's scripts are still on their way.

/** A signed-out phone on a slow network whose script files are held back until `release` is called. */
async function slowVisitor(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const scripts: string[] = [];
  await page.route(/\.m?js(\?|$)/, async (route) => {
    scripts.push(route.request().url());
    await held;
    await route.continue();
  });
  return { release, scripts };
}

test("the HTML paints a shared event's title, time and place before the app's script has run", async ({
  browser,
  newPerson,
}) => {
  test.setTimeout(120_000);
  const host = await newPerson({ timezone: "Asia/Tokyo" });
  const title = `${uniqueToken("slow")} Lantern walk`;
  const event = await createEvent(host.page.request, host.account.id, {
    title,
    date: "2030-01-18T09:00:00.000Z",
    location: "Yoyogi Park, Shibuya",
    latitude: "35.6717",
    longitude: "139.6949",
  });

  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ colorScheme, serviceWorkers: "block" });
    const page = await context.newPage();
    const { release, scripts } = await slowVisitor(context, page);
    await page.goto(`/events/${event.id}`, { waitUntil: "commit" });
    await expect(page.getByRole("heading", { name: title })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Fri, Jan 18, 6:00 PM JST")).toBeVisible();
    await expect(page.getByText("Yoyogi Park, Shibuya")).toBeVisible();
    await expect(page.getByText("Link", { exact: true })).toBeVisible();
    // Nothing of the app has run: its script is asked for and held, and the server's frame is still the page.
    expect(scripts.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.querySelector("[data-app-shell]") !== null)).toBe(true);
    await shot(page, `event-link-before-script-${colorScheme}`);
    release();
    // Then the app takes the page over.
    await expect(page.locator("[data-app-shell]")).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByRole("heading", { name: title })).toBeVisible({ timeout: 30_000 });
    await context.close();
  }
});

test("the sign-in screen's logo and frame paint before the app's script has run, in both themes", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ colorScheme, serviceWorkers: "block" });
    const page = await context.newPage();
    const { release } = await slowVisitor(context, page);
    await page.goto("/", { waitUntil: "commit" });
    await expect(page.getByText("Link", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
    const background = await page.evaluate(
      () => getComputedStyle(document.querySelector("[data-app-shell]") as Element).backgroundColor,
    );
    // The frame follows the system's theme: a light page in light, a dark one in dark.
    const lightness = Number(/oklch\(([\d.]+)/.exec(background)?.[1] ?? Number.NaN);
    expect(colorScheme === "dark" ? lightness < 0.3 : lightness > 0.9).toBe(true);
    await shot(page, `sign-in-before-script-${colorScheme}`);
    release();
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible({ timeout: 60_000 });
    await context.close();
  }
});
