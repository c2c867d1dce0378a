import { expect, shot, test } from "./fixtures";

test.use({ userFields: { fullName: "Grace Hopper" } });

test("an unknown path says what happened in a person's words and leads home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByText("There's nothing at this address.")).toBeVisible();
  await expect(page.getByText(/router/)).toHaveCount(0);
  await shot(page, "404");
  await page.getByRole("link", { name: "Go home" }).click();
  await expect(page).not.toHaveURL(/\/no\/such\/page/);
});

test("a protected page sends a visitor to sign-in (never the code screen) with the way back", async ({ page }) => {
  await page.goto("/my-events");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fmy-events$/);
  await expect(page.getByRole("tab", { name: "Log in" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Have an early access code?" })).toHaveCount(0);
});

test("the bottom bar highlights the current tab and the add button opens the dialog", async ({ page, user: _ }) => {
  await page.goto("/my-events");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "My Events" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Explore" })).not.toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Groups" }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(nav.getByRole("link", { name: "Groups" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "My Events" })).not.toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Available" }).click();
  await expect(nav.getByRole("link", { name: "Available" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Explore" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "page");
  // The avatar falls back to the first letter of the full name.
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveText("G");
  await nav.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("the theme toggle persists under link-theme-preference and sets the class on <html>", async ({
  page,
  user: _,
}) => {
  // A dark phone: until a person chooses, the app follows it.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("link-theme-preference"))).toBeNull();
  await shot(page, "dark");
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("link-theme-preference"))).toBe("light");
  await page.reload();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
  await shot(page, "light");
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("link-theme-preference"))).toBe("dark");
});
