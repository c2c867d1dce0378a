import { expect, test } from "@playwright/test";
import { registerVia, uniqueToken } from "./events-fixtures";

test("the Create New Event dialog refuses a missing field without sending, then creates the event", async ({
  page,
}) => {
  await registerVia(page.request);
  await page.goto("/my-events");
  await expect(page.getByText("No Events")).toBeVisible();
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/events")) posts.push(r.url());
  });

  await page.getByRole("button", { name: "Create event", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Create New Event" })).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Social" })).toBeChecked();
  await expect(dialog.getByText("Who to invite")).toBeVisible();
  const title = `${uniqueToken("new")} Dinner`;
  await dialog.getByLabel("Event Name").fill(title);
  await dialog.getByLabel("Description").fill("Pasta and stories");
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${String(tomorrow.getDate()).padStart(2, "0")}`;
  await dialog.getByLabel("Date").fill(day);
  // Time left empty.
  await dialog.getByRole("button", { name: "Create Event" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Missing Fields");
  await expect(toast).toContainText("Please fill out all required fields");
  expect(posts).toEqual([]);
  await expect(dialog).toBeVisible();

  await dialog.getByRole("radio", { name: "Networking" }).click();
  await expect(dialog.getByLabel("Maximum Attendees")).toHaveValue("20");
  await page.screenshot({ path: "/tmp/events-create.png" });
  await dialog.getByLabel("Time").fill("19:30");
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(toast).toContainText("Event Created");
  await expect(toast).toContainText("Your networking event has been created successfully");
  expect(posts).toHaveLength(1);
  await expect(page.getByTestId("group-hosting")).toContainText(title);
});
