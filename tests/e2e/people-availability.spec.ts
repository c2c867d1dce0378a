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

  await test.step("a day of the next month shown at the end of the grid can be tapped: it opens that month", async () => {
    const fillers = widget.locator('button[data-filler="true"]');
    expect(await fillers.count()).toBeGreaterThan(0);
    const nextMonthDay = fillers.last();
    const nextKey = (await nextMonthDay.getAttribute("data-day")) ?? "";
    await expect(nextMonthDay).toBeEnabled();
    await nextMonthDay.click();
    const [y, m] = nextKey.split("-").map(Number);
    await expect(page.getByRole("heading", { name: format(new Date(y, m - 1, 1), "MMMM yyyy") })).toBeVisible();
    await expect(widget.locator(`button[data-day="${nextKey}"]:not([data-filler])`)).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(widget.locator('button[aria-pressed="true"][data-day]')).toHaveCount(1);
    // Back to today's month for the rest of the journey.
    await page.getByRole("button", { name: "Previous month" }).click();
    await widget.locator(`button[data-day="${key}"]:not([data-filler])`).click();
    await expect(widget.locator(`button[data-day="${key}"]`).first()).toHaveAttribute("aria-pressed", "true");
  });

  await test.step("the eight slots toggle per click", async () => {
    await expect(widget.locator("button[data-slot-id]")).toHaveCount(8);
    await expect(widget.getByText("6am-9am")).toBeVisible();
    await expect(widget.getByText("3am-6am")).toBeVisible();
    // Two slots named "Early Morning" could not be told apart.
    await expect(widget.getByText("Early Morning", { exact: true })).toHaveCount(1);
    await expect(widget.getByText("Before Dawn", { exact: true })).toBeVisible();
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
