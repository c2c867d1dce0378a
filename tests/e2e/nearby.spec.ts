import { expect, shot, test } from "./fixtures";

// The seed's demo city (San Francisco): demo people and events sit within a few km.
const SF = { latitude: 37.7749, longitude: -122.4194 };

test("nearby lists people and events with display distances", async ({ page, context, signUp }) => {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(SF);
  await signUp(page.request);
  await page.goto("/nearby");
  await expect(page.getByRole("heading", { name: "Nearby", exact: true })).toBeVisible();
  const people = page.getByRole("region", { name: "People near you" });
  const events = page.getByRole("region", { name: "Events near you" });
  await expect(people.getByRole("link").first()).toBeVisible();
  await expect(events.getByRole("link").first()).toBeVisible();
  await expect(people.getByRole("link").first()).toContainText(/\d+ m|\d\.\d km|\d+ km/);
  await expect(events.getByRole("link").first()).toContainText(/\d+ m|\d\.\d km|\d+ km/);
  await shot(page, "nearby", { fullPage: true });
});

test("a location failure shows a friendly message", async ({ page, user: _ }) => {
  await page.goto("/nearby");
  await expect(page.getByRole("heading", { name: "We couldn't find your location" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await shot(page, "denied");
});
