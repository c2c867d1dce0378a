import { expect, shot, test } from "./fixtures";

test("the early-access page shows each validation message, the success view, and a repeat e-mail adds no row", async ({
  page,
}) => {
  await page.goto("/waitlist");
  await expect(page.getByRole("heading", { name: "Join the waitlist" })).toBeVisible();
  const waiting = page.getByTestId("early-access-waiting");
  await expect(waiting).toHaveText(/^\d+$/);
  const before = Number(await waiting.textContent());
  await expect(page.getByTestId("early-access-given")).toHaveText(/^\d+$/);

  // Google is not configured in e2e: visibly unavailable, with the reason.
  const google = page.getByRole("button", { name: "Continue with Google" });
  await expect(google).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByText("Google sign-in isn't configured on this server yet").first()).toBeVisible();
  await shot(page, "early-access", { fullPage: true });

  await page.getByRole("button", { name: "Enter Now" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByText("Valid email is required")).toBeVisible();
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await shot(page, "early-access-errors", { fullPage: true });

  const email = `wait${Date.now().toString(36)}@example.com`;
  await page.getByLabel("Full Name").fill("Wanda Wait");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Username").fill("wanda");
  await page.getByRole("button", { name: "Enter Now" }).click();
  await expect(page.getByRole("heading", { name: "You're on the list!" })).toBeVisible();
  await expect(page.getByTestId("toast").getByText("Welcome to the waitlist!")).toBeVisible();
  await expect(waiting).toHaveText(String(before + 1));
  await shot(page, "early-access-success", { fullPage: true });

  await page.getByRole("button", { name: "Back to Login" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // Same e-mail again: a kind answer, still one row.
  await page.goto("/waitlist");
  await page.getByLabel("Full Name").fill("Wanda Again");
  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.getByLabel("Username").fill("wanda2");
  await page.getByRole("button", { name: "Enter Now" }).click();
  await expect(page.getByRole("heading", { name: "You're on the list!" })).toBeVisible();
  await expect(page.getByText("You're already on the list").first()).toBeVisible();
  await expect(waiting).toHaveText(String(before + 1));
  const stats = await (await page.request.get("/api/waitlist/stats")).json();
  expect(stats.waiting).toBe(before + 1);
});

test("the back button goes to /auth", async ({ page }) => {
  await page.goto("/waitlist");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});
