import type { Page } from "@playwright/test";
import { clippedTexts } from "./clipped";
import { expect, shot, signInAsDemo, test } from "./fixtures";
import { untranslatedTexts } from "./untranslated";

/**
 * Every screen the journeys reach, in the pseudo-language (each catalog message accented and a third longer):
 * a text that stays plain English was written in code instead of a catalog, and a longer language must not cut
 * a text off or push it off a 390 px screen. Each screen is read twice, left to right and then right to left
 * ("pseudo-rtl"), so a chip or a time that breaks in Arabic breaks here too. Each row opens a screen, and what
 * to do before it is read (a tab, a dialog).
 */
type Screen = { name: string; as?: string; path: string; open?: (page: Page) => Promise<unknown> };

const screens: Screen[] = [
  { name: "sign-in", path: "/auth" },
  { name: "register", path: "/auth", open: (p) => p.getByRole("tab").nth(1).click() },
  { name: "invite", path: "/invite/explore-sf-demo" },
  { name: "not-found", path: "/no/such/page" },
  { name: "reset-password", path: "/reset-password" },
  { name: "event-preview", path: "/events/1" },
  { name: "host-page", path: "/u/alex" },
  { name: "discover", as: "alex", path: "/" },
  { name: "networking", as: "alex", path: "/", open: (p) => p.getByRole("tab").nth(1).click() },
  { name: "create-event", as: "alex", path: "/", open: (p) => p.getByTestId("create-event").click() },
  { name: "my-events", as: "priya", path: "/my-events" },
  { name: "event-host", as: "alex", path: "/events/1" },
  { name: "event-guest", as: "priya", path: "/events/1" },
  { name: "groups", as: "alex", path: "/groups" },
  { name: "new-group", as: "alex", path: "/groups", open: (p) => p.getByTestId("new-group").click() },
  { name: "plan-event", as: "alex", path: "/groups", open: (p) => p.getByTestId("plan-event").first().click() },
  { name: "group-chat", as: "alex", path: "/groups?group=1" },
  { name: "nearby", as: "alex", path: "/nearby" },
  { name: "notifications", as: "alex", path: "/notifications" },
  { name: "profile", as: "alex", path: "/profile" },
  { name: "user-profile", as: "alex", path: "/users/2" },
  { name: "settings-account", as: "alex", path: "/settings" },
  { name: "settings-appearance", as: "alex", path: "/settings?tab=appearance" },
  { name: "settings-availability", as: "alex", path: "/settings?tab=availability" },
  { name: "settings-notifications", as: "alex", path: "/settings?tab=notifications" },
];

const directions = [
  { language: "pseudo", dir: "ltr" },
  { language: "pseudo-rtl", dir: "rtl" },
] as const;

for (const screen of screens) {
  test(`${screen.name} speaks only catalog text, and fits a phone both ways`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    // The first load speaks the left-to-right pseudo-language; a later one keeps the language the test stored.
    await context.addInitScript(() => {
      if (!localStorage.getItem("link.language")) localStorage.setItem("link.language", "pseudo");
    });
    if (screen.as) await signInAsDemo(context.request, screen.as);
    const page = await context.newPage();
    for (const { language, dir } of directions) {
      if (language !== "pseudo") await page.evaluate((tag) => localStorage.setItem("link.language", tag), language);
      await page.goto(screen.path);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("html")).toHaveAttribute("dir", dir);
      await expect(page.locator("[data-app-shell]")).toHaveCount(0);
      await screen.open?.(page);
      await page.waitForTimeout(300);
      await shot(page, dir === "ltr" ? screen.name : `${screen.name}-${dir}`);
      // Soft, so one run names what breaks in both directions.
      expect.soft(await untranslatedTexts(page), `${dir}: text no catalog holds`).toEqual([]);
      expect.soft(await clippedTexts(page), `${dir}: text cut off or off the screen`).toEqual([]);
    }
    await context.close();
  });
}
