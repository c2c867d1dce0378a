import { createEvent, expect, shot, test } from "./fixtures";
import { SettingsScreen } from "./pages/settings";

// Reminders: a person picks "15 minutes before" in Settings › Notifications, and the reminder of an event
// they host shows in-app when its moment comes (the journeys' server looks for due reminders every 2 s).

test("a reminder chosen in Settings shows in-app when the event is about to start", async ({ page, user }) => {
  test.setTimeout(60_000);
  await page.goto("/");
  await new SettingsScreen(page).open("Notifications");
  const quarter = page.getByRole("checkbox", { name: "15 minutes before" });
  await expect(quarter).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "2 hours before" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Reminders: In-app" })).toBeChecked();
  await quarter.click();
  await expect
    .poll(async () => (await (await page.request.get("/api/notification-preferences")).json()).reminders)
    .toEqual({ offsetsMinutes: [15, 120, 1440] });
  await shot(page, "reminder-settings", { fullPage: true });

  // The 15-minute moment is a few seconds after the event is made.
  const date = new Date(Date.now() + 15 * 60_000 + 8_000);
  const event = await createEvent(page.request, user.id, {
    title: "Sunset Reading",
    location: "Pier 17",
    date: date.toISOString(),
  });
  await page.goto("/notifications");
  const reminder = page.getByText("Sunset Reading starts in 15 minutes · Pier 17");
  await expect(reminder).toBeVisible({ timeout: 30_000 });
  await shot(page, "reminder-in-app");
  await page.getByRole("link", { name: "View Details" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
});
