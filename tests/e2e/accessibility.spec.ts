import { writeFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { DEMO_ACCESS_CODES } from "../../src/server/config";
import { seriousViolations, type Violation } from "./axe";
import { createEvent, expect, signInAsDemo, startInTheme, test } from "./fixtures";
import { GroupsScreen } from "./pages/groups";

/**
 * Every main screen, in both themes, has no serious or critical axe violation (WCAG 2.x A and AA).
 * One signed-in demo user and one visitor; one page load per screen per theme (the code screen and
 * Create account are reached from the sign-in card on the same load, as a newcomer does).
 */
test.setTimeout(180_000);

async function audit(page: Page, screen: string, found: Violation[]) {
  found.push(...(await seriousViolations(page, screen)));
}

async function themedContext(browser: Browser, theme: "light" | "dark") {
  const context = await browser.newContext();
  await startInTheme(context, theme);
  return context;
}

for (const theme of ["light", "dark"] as const) {
  test(`every main screen passes axe in the ${theme} theme`, async ({ browser }) => {
    const found: Violation[] = [];

    const visitor = await (await themedContext(browser, theme)).newPage();
    await visitor.goto("/auth");
    await expect(visitor.getByRole("tab", { name: "Log in" })).toBeVisible();
    await audit(visitor, "sign-in", found);
    await visitor.getByRole("tab", { name: "Create account" }).click();
    await expect(visitor.getByText("Have an early access code?")).toBeVisible();
    await visitor.getByRole("button", { name: "Have an invite link?" }).click();
    await audit(visitor, "gate", found);
    await visitor.getByLabel("Access code").fill(DEMO_ACCESS_CODES[0]);
    await visitor.getByRole("button", { name: "Continue to App" }).click();
    await expect(visitor.getByLabel("Confirm Password")).toBeVisible();
    await audit(visitor, "create account", found);
    await visitor.goto("/invite/explore-sf-demo");
    await expect(visitor.getByText("Weekend Explorers").first()).toBeVisible();
    await audit(visitor, "invite", found);
    await visitor.goto("/no/such/page");
    await expect(visitor.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await audit(visitor, "404", found);
    await visitor.context().close();

    const context = await themedContext(browser, theme);
    await signInAsDemo(context.request, "alex");
    const page = await context.newPage();
    const screens: Array<[string, string, (p: Page) => Promise<void>]> = [
      ["discover", "/", (p) => expect(p.getByTestId("swipe-card")).toBeVisible()],
      ["event page", "/events/1", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
      [
        "my events",
        "/my-events",
        (p) => expect(p.getByRole("heading", { name: "My Events", exact: true })).toBeVisible(),
      ],
      ["groups and chat", "/groups", (p) => expect(p.getByText("Weekend Explorers").first()).toBeVisible()],
      ["profile", "/profile", (p) => expect(p.getByText("Alex Rivera").first()).toBeVisible()],
      ["settings", "/settings", (p) => expect(p.getByRole("heading", { name: "Settings", exact: true })).toBeVisible()],
      ["nearby", "/nearby", (p) => expect(p.getByRole("heading").first()).toBeVisible()],
      [
        "notifications",
        "/notifications",
        (p) => expect(p.getByRole("heading", { name: "Notifications", exact: true })).toBeVisible(),
      ],
      ["availability", "/availability", (p) => expect(p.getByTestId("availability-widget")).toBeVisible()],
    ];
    for (const [screen, path, ready] of screens) {
      await page.goto(path);
      await ready(page);
      await audit(page, screen, found);
    }
    // A canceled event's banner (red on its tint) is measured too.
    const me = (await (await context.request.get("/api/user")).json()) as { id: number };
    const { id: canceledId } = await createEvent(context.request, me.id, {
      title: "Canceled picnic",
      description: "Rained out",
      date: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect((await context.request.delete(`/api/events/${canceledId}`)).ok()).toBe(true);
    await page.goto(`/events/${canceledId}`);
    await expect(page.getByText("This event was canceled")).toBeVisible();
    await audit(page, "canceled event", found);
    // The chat of the demo group, opened from the list on the same load.
    await new GroupsScreen(page).openChat("Weekend Explorers");
    await expect(page.getByText("Who's up for Twin Peaks on Saturday?")).toBeVisible();
    await audit(page, "group chat", found);
    await context.close();

    // AXE_REPORT=dir writes the full list (the assertion's diff shows only part of a long one).
    if (process.env.AXE_REPORT)
      writeFileSync(`${process.env.AXE_REPORT}/axe-${theme}.json`, JSON.stringify(found, null, 2));
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
  });
}
