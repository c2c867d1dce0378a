import { expect, type Page, test } from "@playwright/test";

const shots = process.env.SCREENSHOTS === "1";

async function passGate(page: Page) {
  await page.getByLabel("Access code").pressSequentially("1234567890");
  await page.getByRole("button", { name: "Continue to App" }).click();
  await expect(page.getByText("Connect with friends and professionals")).toBeVisible();
}

async function fillLogin(page: Page, user: { fullName: string; email: string; username: string }, password: string) {
  await page.getByLabel("Full Name").fill(user.fullName);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

test("register, stay signed in, log out, fail and succeed to log in, follow redirects", async ({ page }) => {
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const user = { fullName: "Ada Lovelace", email: `ada${suffix}@example.com`, username: `ada${suffix}` };
  const password = "correct-horse";
  const toast = page.getByTestId("toast");

  await test.step("register through the form and land on /", async () => {
    await page.goto("/auth");
    await passGate(page);
    await page.getByRole("tab", { name: "Register" }).click();
    await page.getByLabel("Full Name").fill(user.fullName);
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm Password").fill(password);
    if (shots) await page.screenshot({ path: "/tmp/shot-register.png" });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast).toContainText("Registration successful");
    await expect(toast).toContainText("Welcome to Link, Ada!");
    await expect(page.getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "page");
    if (shots) await page.screenshot({ path: "/tmp/shot-home.png" });
  });

  await test.step("a reload keeps the session", async () => {
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Account menu" })).toContainText("A");
  });

  await test.step("logout from the avatar menu returns to /auth", async () => {
    await page.getByRole("button", { name: "Account menu" }).click();
    if (shots) await page.screenshot({ path: "/tmp/shot-menu.png" });
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(toast).toContainText("Logged out");
    await expect(toast).toContainText("You have been successfully logged out");
    await expect(page).toHaveURL(/\/auth$/);
    expect((await page.request.get("/api/user")).status()).toBe(401);
  });

  await test.step("a wrong password shows Login failed", async () => {
    await passGate(page);
    await fillLogin(page, user, "wrong-password");
    await expect(toast).toContainText("Login failed");
    await expect(toast).toContainText("Invalid username or password");
    await expect(page).toHaveURL(/\/auth$/);
  });

  await test.step("the right password signs in", async () => {
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
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
    // The code entered before the wrong password left an unspent grant (signing in spends none): the
    // server says so and the sign-in card comes without the gate.
    await expect(page.getByText("Connect with friends and professionals")).toBeVisible();
    await expect(page.getByLabel("Access code")).toHaveCount(0);
    await fillLogin(page, user, password);
    await expect(page).toHaveURL(/\/profile$/);
  });
});
