import { format } from "date-fns";
import { expect, shot, test } from "./fixtures";
import { ProfileScreen } from "./pages/profile";

test("a second user sees the first's profile: read-only availability, no e-mail, About {full name}", async ({
  newPerson,
}) => {
  const { account: a, context: first } = await newPerson({
    fullName: "Priya Raman",
    profession: "Architect",
    bio: "Loves climbing.",
  });
  const aId = a.id;
  // Today: in the shown month, and not a past day (those are refused).
  const day = new Date();
  const key = format(day, "yyyy-MM-dd");
  const saved = await first.request.post("/api/availability", {
    data: { userId: aId, date: key, timeslots: JSON.stringify(["early_afternoon", "night"]) },
  });
  expect(saved.status()).toBe(200);
  const { page } = await newPerson({ fullName: "Sam Viewer" });
  await new ProfileScreen(page).openUser(aId);
  await expect(page.getByRole("heading", { name: "User Profile" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Priya Raman", exact: true })).toBeVisible();
  await expect(page.getByText(`@${a.username}`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "About Priya Raman" })).toBeVisible();
  await expect(page.getByText("Architect")).toBeVisible();
  await expect(page.getByText("Loves climbing.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Message" })).toBeVisible();
  await expect(page.getByText(a.email)).toHaveCount(0);
  expect(await page.content()).not.toContain(a.email);
  await shot(page, "user-profile", { fullPage: true });

  await page.getByRole("tab", { name: "Availability" }).click();
  await expect(page.getByText("View when Priya is available to hang out")).toBeVisible();
  const widget = page.getByTestId("availability-widget");
  // Seeded from Priya's first row; toggling is blocked and there is nothing to save.
  await expect(widget.locator(`button[data-day="${key}"]`)).toHaveAttribute("aria-pressed", "true");
  const afternoon = widget.locator('button[data-slot-id="early_afternoon"]');
  await expect(afternoon).toHaveAttribute("aria-pressed", "true");
  await expect(widget.locator('button[data-slot-id="night"]')).toHaveAttribute("aria-pressed", "true");
  await expect(afternoon).toHaveAttribute("aria-disabled", "true");
  // Forced clicks reach the buttons: the widget itself must refuse to toggle.
  await afternoon.click({ force: true });
  await expect(afternoon).toHaveAttribute("aria-pressed", "true");
  const morning = widget.locator('button[data-slot-id="morning"]');
  await morning.click({ force: true });
  await expect(morning).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("button", { name: "Save Availability" })).toHaveCount(0);
  await shot(page, "availability", { fullPage: true });

  // The own profile: About Me with the e-mail, and Edit Profile to /profile.
  const own = await first.newPage();
  await new ProfileScreen(own).openUser(aId);
  await expect(own.getByRole("heading", { name: "About Me" })).toBeVisible();
  await expect(own.getByText(a.email)).toBeVisible();
  await expect(own.getByRole("button", { name: "Connect" })).toHaveCount(0);
  await own.getByRole("tab", { name: "Availability" }).click();
  await expect(own.getByRole("button", { name: "Save Availability" })).toBeVisible();
  await own.getByRole("tab", { name: "About" }).click();
  await own.getByRole("link", { name: "Edit Profile" }).click();
  await expect(own).toHaveURL(/\/profile$/);
});

test("/users/abc runs no user query; /users/999999 shows User Not Found", async ({ page, user: _ }) => {
  const userRequests: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/users\/(?!current$)/.test(path)) userRequests.push(path);
  });

  await page.goto("/users/abc");
  await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(userRequests).toEqual([]);

  await page.goto("/users/999999");
  await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
  await expect(page.getByText("The user profile you're looking for doesn't exist.")).toBeVisible();
  expect(userRequests).toContain("/api/users/999999");
  await shot(page, "not-found");
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
