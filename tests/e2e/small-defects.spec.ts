import { DEMO_ACCESS_CODES } from "../../src/server/config";
import { expect, test } from "./fixtures";

// Issue 12.6: the small defects a newcomer meets first.
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
  await page.goto("/availability");
  const today = new Date();
  const label = (d: Date) =>
    d.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" });
  await expect(page.getByRole("button", { name: label(today) })).toBeEnabled();
  if (today.getDate() > 1) {
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    await expect(page.getByRole("button", { name: label(yesterday) })).toBeDisabled();
  }
});

test("the README's demo sign-in works exactly as written", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Access code").fill(DEMO_ACCESS_CODES[0]);
  await page.getByRole("button", { name: "Continue to App" }).click();
  await page.getByRole("tab", { name: "Login" }).click();
  await page.getByLabel("Full Name").fill("Alex Rivera");
  await page.getByLabel("Email").fill("alex@demo.link");
  await page.getByLabel("Username").fill("alex");
  await page.getByLabel("Password").fill("linkdemo");
  await page
    .getByRole("button", { name: /sign in|log in|login/i })
    .last()
    .click();
  await expect(page.getByTestId("swipe-card")).toBeVisible({ timeout: 10_000 });
});
