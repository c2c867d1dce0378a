import { format } from "date-fns";
import { expect, shot, test } from "./fixtures";

test("My Availability: pick two slots on a day of this month, save, reload and see them again", async ({
  page,
  user: _,
}) => {
  await page.goto("/availability");
  await expect(page.getByRole("heading", { name: "My Availability" })).toBeVisible();
  await expect(page.getByText("Set when you're free to hang out")).toBeVisible();

  const widget = page.getByTestId("availability-widget");
  const days = widget.locator("button[data-day]");
  await expect(days).toHaveCount(42);
  const save = page.getByRole("button", { name: "Save Availability" });

  // Today always lies in the shown (current) month, and past days cannot be saved.
  const day = new Date();
  const key = format(day, "yyyy-MM-dd");
  const label = format(day, "MMMM d, yyyy");
  await widget.locator(`button[data-day="${key}"]`).click();
  await expect(widget.locator(`button[data-day="${key}"]`)).toHaveAttribute("aria-pressed", "true");

  await test.step("Save is disabled with no slot", async () => {
    await expect(save).toBeDisabled();
  });

  await test.step("filler days cannot be selected", async () => {
    const fillers = widget.locator('button[data-filler="true"]');
    expect(await fillers.count()).toBeGreaterThan(0);
    for (const filler of await fillers.all()) await expect(filler).toBeDisabled();
    await fillers.first().click({ force: true });
    await expect(widget.locator(`button[data-day="${key}"]`)).toHaveAttribute("aria-pressed", "true");
    await expect(widget.locator('button[aria-pressed="true"][data-day]')).toHaveCount(1);
  });

  await test.step("the eight slots toggle per click", async () => {
    await expect(widget.locator("button[data-slot-id]")).toHaveCount(8);
    await expect(widget.getByText("6am-9am")).toBeVisible();
    await expect(widget.getByText("3am-6am")).toBeVisible();
    const morning = widget.locator('button[data-slot-id="morning"]');
    await morning.click();
    await expect(morning).toHaveAttribute("aria-pressed", "true");
    await expect(save).toBeEnabled();
    await morning.click();
    await expect(morning).toHaveAttribute("aria-pressed", "false");
    await expect(save).toBeDisabled();
  });

  await widget.locator('button[data-slot-id="morning"]').click();
  await widget.locator('button[data-slot-id="evening"]').click();
  await shot(page, "availability", { fullPage: true });
  await save.click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Availability Saved");
  await expect(toast).toContainText(`Your availability for ${label} has been saved.`);

  await page.reload();
  await widget.locator(`button[data-day="${key}"]`).click();
  await expect(widget.locator('button[data-slot-id="morning"]')).toHaveAttribute("aria-pressed", "true");
  await expect(widget.locator('button[data-slot-id="evening"]')).toHaveAttribute("aria-pressed", "true");
  await expect(widget.locator('button[data-slot-id][aria-pressed="true"]')).toHaveCount(2);

  // The month navigation moves the grid and keeps 42 cells.
  await page.getByRole("button", { name: "Next month" }).click();
  await expect(days).toHaveCount(42);
});
