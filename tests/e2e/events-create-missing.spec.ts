import { expect, shot, test, uniqueToken } from "./fixtures";
import { CreateEventDialog, localDay } from "./pages/create-event";

test("the Create New Event dialog refuses a missing field without sending, then creates the event", async ({
  page,
  user: _,
}) => {
  await page.goto("/my-events");
  await expect(page.getByText("No Events")).toBeVisible();
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/events")) posts.push(r.url());
  });

  const create = new CreateEventDialog(page);
  const dialog = await create.open();
  await expect(dialog.getByRole("radio", { name: "Social" })).toBeChecked();
  // No audience choice: nothing could restrict an event to a circle of friends.
  await expect(dialog.getByText("Who to invite")).toHaveCount(0);
  const title = `${uniqueToken("new")} Dinner`;
  // Time left empty.
  await create.fill({ title, description: "Pasta and stories", day: localDay(1) });
  await create.submit();
  const toast = create.toast;
  await expect(toast).toContainText("Missing Fields");
  await expect(toast).toContainText("Please fill out all required fields");
  // The missing field says so where it is, and takes the focus.
  const time = dialog.getByLabel("Time");
  await expect(time).toHaveAttribute("aria-invalid", "true");
  await expect(time).toBeFocused();
  await expect(dialog.getByText("Pick a time")).toBeVisible();
  await expect(dialog.getByText("Give the event a name")).toHaveCount(0);
  expect(posts).toEqual([]);
  await expect(dialog).toBeVisible();

  await dialog.getByRole("radio", { name: "Networking" }).click();
  await expect(dialog.getByLabel("Maximum Attendees")).toHaveValue("20");
  await shot(page, "create");
  await dialog.getByLabel("Time").fill("19:30");
  // At 390 px the date and the time show whole, their picker icons inside the box (nothing scrolled out).
  for (const field of [dialog.getByLabel("Date"), dialog.getByLabel("Time")]) {
    const overflow = await field.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await create.submit();
  await expect(toast).toContainText("Event Created");
  await expect(toast).toContainText("Your networking event has been created successfully");
  expect(posts).toHaveLength(1);
  // The host lands on the new event's page, ready to share it.
  await expect(page).toHaveURL(/\/events\/\d+\?live=1$/);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
});
