import { ACCESS_GRANT_TEXTS } from "@contract/auth";
import { registerPayload } from "../../src/server/test/people";
import { expect, shot, test } from "./fixtures";
import { AuthScreen } from "./pages/auth";

// Whether an address has an account costs the code's grant: a visitor cannot try address after address.
test("registering with a taken e-mail spends the code: the next try asks for the code again", async ({ page }) => {
  const newcomer = registerPayload({ fullName: "Probe Person" });
  const password = "probe-pass-1";
  const toast = page.getByTestId("toast");
  const auth = new AuthScreen(page);

  await test.step("an e-mail that has an account: Registration failed, saying the code must be entered again", async () => {
    await auth.goto();
    await auth.passGate();
    // The demo city's alex has this address.
    await auth.register({ ...newcomer, email: "alex@demo.link" }, password);
    await expect(toast).toContainText("Registration failed");
    await expect(toast).toContainText(ACCESS_GRANT_TEXTS.emailTaken);
    await shot(page, "email-taken");
  });

  await test.step("another address with the same browser: the grant is gone", async () => {
    await page.getByLabel("Email").fill(newcomer.email);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(toast.filter({ hasText: ACCESS_GRANT_TEXTS.missing })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  await test.step("entering the code again registers", async () => {
    await page.getByRole("button", { name: "Enter an access code" }).click();
    await auth.passGate();
    await auth.register(newcomer, password);
    await expect(page).toHaveURL(/\/$/);
    await expect(toast.filter({ hasText: "Registration successful" })).toBeVisible();
  });
});
