import { expect, test } from "@playwright/test";
import { grantAccess } from "./access-grant";

const shots = process.env.SCREENSHOTS === "1";
// The seed's demo city (San Francisco): demo people and events sit within a few km.
const SF = { latitude: 37.7749, longitude: -122.4194 };

async function signUp(page: import("@playwright/test").Page) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const res = await (await grantAccess(page.request)).post("/api/register", {
    data: {
      fullName: "Nico Near",
      username: `nico${suffix}`,
      email: `nico${suffix}@example.com`,
      password: "secret-123",
    },
  });
  expect(res.status()).toBe(201);
}

test("nearby lists people and events with display distances", async ({ page, context }) => {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(SF);
  await signUp(page);
  await page.goto("/nearby");
  await expect(page.getByRole("heading", { name: "Nearby", exact: true })).toBeVisible();
  const people = page.getByRole("region", { name: "People near you" });
  const events = page.getByRole("region", { name: "Events near you" });
  await expect(people.getByRole("link").first()).toBeVisible();
  await expect(events.getByRole("link").first()).toBeVisible();
  await expect(people.getByRole("link").first()).toContainText(/\d+ m|\d\.\d km|\d+ km/);
  await expect(events.getByRole("link").first()).toContainText(/\d+ m|\d\.\d km|\d+ km/);
  if (shots) await page.screenshot({ path: "/tmp/shot-nearby.png", fullPage: true });
});

test("a location failure shows a friendly message", async ({ page }) => {
  await signUp(page);
  await page.goto("/nearby");
  await expect(page.getByRole("heading", { name: "We couldn't find your location" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  if (shots) await page.screenshot({ path: "/tmp/shot-nearby-denied.png" });
});
