import { expect, test } from "./fixtures";

// The small defects a newcomer meets first.
test("the Networking search placeholder fits a 390 px screen", async ({ page, user: _ }) => {
  await page.goto("/");
  await page.getByRole("tab", { name: "Networking" }).click();
  const search = page.getByPlaceholder("Search events by title, description, or tags...");
  await expect(search).toBeVisible();
  const { textWidth, room } = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input, "::placeholder");
    const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const own = getComputedStyle(input);
    return {
      textWidth: context.measureText(input.placeholder).width,
      room: input.clientWidth - Number.parseFloat(own.paddingLeft) - Number.parseFloat(own.paddingRight),
    };
  });
  expect(page.viewportSize()?.width).toBe(390);
  expect(textWidth).toBeLessThanOrEqual(room);
});

test("a past day cannot be picked on My Availability", async ({ page, user: _ }) => {
  // A fixed mid-month day: on the 1st there is no yesterday on the month's grid to find disabled.
  const today = new Date(2026, 10, 18, 12);
  await page.clock.setFixedTime(today);
  await page.goto("/availability");
  const label = (d: Date) =>
    d.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" });
  await expect(page.getByRole("button", { name: label(today) })).toBeEnabled();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  await expect(page.getByRole("button", { name: label(yesterday) })).toBeDisabled();
});

test("the README's demo sign-in works exactly as written: on Log in, alex and linkdemo", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("tab", { name: "Log in" })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Username or e-mail").fill("alex");
  await page.getByLabel("Password").fill("linkdemo");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByTestId("swipe-card")).toBeVisible({ timeout: 10_000 });
});
