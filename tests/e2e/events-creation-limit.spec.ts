import { expect, test } from "@playwright/test";
import { CREATION_LIMITS, waitText } from "../../src/contract/limits";
import { createEventVia, registerVia, uniqueToken } from "./events-fixtures";

for (const theme of ["dark", "light"] as const) {
  test(`a host past the hourly event budget is told when to try again (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((value) => localStorage.setItem("link-theme-preference", value), theme);
    const host = await registerVia(page.request);
    for (let i = 0; i < CREATION_LIMITS.events.perHour; i += 1) {
      await createEventVia(page.request, host.id, { title: `${uniqueToken("cap")} ${i}` });
    }
    await page.goto("/my-events");
    await page.getByRole("button", { name: "Create event", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Event Name").fill("One too many");
    await dialog.getByLabel("Description").fill("Past the budget");
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${String(tomorrow.getDate()).padStart(2, "0")}`;
    await dialog.getByLabel("Date").fill(day);
    await dialog.getByLabel("Time").fill("19:30");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "Create Event" }).click();
    const res = await answer;
    expect(res.status()).toBe(429);
    const seconds = Number(res.headers()["retry-after"]);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText(`Too many events created, try again in ${waitText(seconds)}`);
    // The dialog stays open with what was typed, for a later try.
    await expect(dialog.getByLabel("Event Name")).toHaveValue("One too many");
    await page.waitForTimeout(600); // the toast's entrance animation
    await page.screenshot({ path: `/tmp/shots/h3/creation-limit-${theme}.png` });
  });
}
