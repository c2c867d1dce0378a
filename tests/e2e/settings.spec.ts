import { createEvent, expect, shot, test } from "./fixtures";
import { SettingsScreen } from "./pages/settings";

// A browser in New York, the zone Tina's account starts in (the default for a registration that names none).
test.use({ timezoneId: "America/New_York", userFields: { fullName: "Tina Zone" } });

test("settings shows the account and event history; a new timezone is saved and moves displayed times", async ({
  page,
  user: me,
  newPerson,
}) => {
  // Another user's event that Tina is going to, at 23:30 UTC in a week: 7:30 PM in New York (EDT) or 6:30 PM (EST).
  const host = await newPerson({ fullName: "Host Person" });
  const date = new Date(Date.now() + 7 * 86_400_000);
  date.setUTCHours(23, 30, 0, 0);
  const event = await createEvent(host.context.request, host.account.id, {
    title: "Jazz by the bay",
    description: "Live music",
    date: date.toISOString(),
    location: "Pier 39",
  });
  expect(
    (
      await page.request.post("/api/event-participants", {
        data: { eventId: event.id, userId: me.id, status: "going" },
      })
    ).status(),
  ).toBe(201);

  await new SettingsScreen(page).open();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(page.getByText("Tina Zone")).toBeVisible();
  await expect(page.getByText(me.email)).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/profile");
  const history = page.getByRole("list", { name: "Event history" });
  const link = history.getByRole("link", { name: /Jazz by the bay/ });
  await expect(link).toHaveAttribute("href", `/events/${event.id}`);
  const newYorkTime = await page.getByTestId("event-history-time").textContent();
  // Shown in the event's own zone (its host's, New York), with the zone's name.
  expect(newYorkTime).toMatch(/(6|7):30 PM E[SD]T$/);
  await expect(page.getByRole("link", { name: "View All Events" })).toHaveAttribute("href", "/my-events");
  await shot(page, "account", { fullPage: true });

  await page.getByRole("tab", { name: "Appearance" }).click();
  // One theme control: Light, Dark or the device's own, nothing beside it saying otherwise.
  await expect(page.getByRole("switch")).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "Device" })).toBeChecked();
  await page.getByRole("radio", { name: "Light" }).click();
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  // In step with the header toggle.
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  await shot(page, "appearance");

  await page.getByRole("tab", { name: "Availability" }).click();
  await expect(page.getByText("6-9am")).toBeVisible();
  await expect(page.getByText("3-6am")).toBeVisible();
  await expect(page.getByRole("link", { name: "Set your availability" })).toHaveAttribute("href", "/availability");
  // Every IANA zone, the ten common ones first, with search.
  await page.getByRole("button", { name: "Timezone: Eastern Time (ET)" }).click();
  const zones = page.getByRole("listbox", { name: "Time zones" });
  await expect(zones.getByRole("option").first()).toContainText("Eastern Time (ET)");
  await expect(zones.getByRole("option").nth(9)).toContainText("Australian Eastern Time (AET)");
  await page.getByRole("combobox", { name: "Search time zones" }).fill("kathmandu");
  await expect(zones.getByRole("option")).toHaveCount(1);
  await shot(page, "timezone-search");
  await page.getByRole("combobox", { name: "Search time zones" }).fill("tokyo");
  await zones.getByRole("option", { name: /Japan Standard Time \(JST\)/ }).click();
  await expect(page.getByTestId("toast").getByText("Timezone Updated", { exact: true })).toBeVisible();
  await shot(page, "availability", { fullPage: true });

  await page.getByRole("tab", { name: "Account" }).click();
  // The event keeps its own zone; the viewer's new one (Tokyo: 23:30 UTC is 8:30 AM the next day) is beside it.
  const withMine = /(6|7):30 PM E[SD]T · \w{3}, \w{3} \d{1,2}, 8:30 AM your time$/;
  await expect(page.getByTestId("event-history-time")).toHaveText(withMine);
  await page.reload();
  await expect(page.getByTestId("event-history-time")).toHaveText(withMine);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth/);
});
