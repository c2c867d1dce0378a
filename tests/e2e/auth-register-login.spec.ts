import { registerPayload } from "../../src/server/test/people";
import { expect, shot, test } from "./fixtures";
import { AuthScreen } from "./pages/auth";

test("register, stay signed in, log out, fail and succeed to log in, follow redirects", async ({ page }) => {
  const user = registerPayload({ fullName: "Ada Lovelace" });
  const password = "correct-horse";
  const toast = page.getByTestId("toast");
  const auth = new AuthScreen(page);

  await test.step("register through the form and land on /", async () => {
    await auth.goto();
    await auth.passGate();
    await auth.fillRegistration(user, password);
    await shot(page, "register");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast).toContainText("Registration successful");
    await expect(toast).toContainText("Welcome to Link, Ada!");
    await expect(page.getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "page");
    await shot(page, "home");
  });

  await test.step("a reload keeps the session", async () => {
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Account menu" })).toContainText("A");
  });

  await test.step("logout from the avatar menu returns to /auth", async () => {
    await page.getByRole("button", { name: "Account menu" }).click();
    await shot(page, "menu");
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(toast).toContainText("Logged out");
    await expect(toast).toContainText("You have been successfully logged out");
    await expect(page).toHaveURL(/\/auth$/);
    expect((await page.request.get("/api/user")).status()).toBe(401);
  });

  await test.step("a wrong password shows Login failed", async () => {
    await auth.logIn(user, "wrong-password");
    await expect(toast).toContainText("Login failed");
    await expect(toast).toContainText("Invalid username or password");
    await expect(page).toHaveURL(/\/auth$/);
  });

  await test.step("the right password signs in", async () => {
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(toast).toContainText("Login successful");
    await expect(toast).toContainText("Welcome back, Ada!");
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step("a signed-in user opening /auth goes to /", async () => {
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/$/);
    // Only same-site paths are followed: a protocol-relative target falls back to /.
    await page.goto("/auth?redirect=//example.com/evil");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  await test.step("/auth?redirect=/profile returns there after sign-in", async () => {
    await page.request.post("/api/logout");
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
    // Signing in never asks for a code.
    await expect(auth.card).toBeVisible();
    await expect(auth.gate).toHaveCount(0);
    await auth.logIn(user, password);
    await expect(page).toHaveURL(/\/profile$/);
  });
});
