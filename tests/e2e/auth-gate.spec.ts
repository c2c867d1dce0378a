import type { Page } from "@playwright/test";
import { DEMO_ACCESS_CODES } from "../../src/server/config";
import { expect, shot, test } from "./fixtures";
import { AuthScreen } from "./pages/auth";

function codeInput(page: Page) {
  return new AuthScreen(page).gate;
}

/** The code screen opens for someone who chose Create account (a returning person never meets it). */
async function openGate(page: Page) {
  await page.goto("/auth");
  await new AuthScreen(page).createAccountTab.click();
  await expect(codeInput(page)).toBeVisible();
}

test.describe("early-access gate", () => {
  test("a wrong code shows the Invalid Code toast; Verify Code waits for ten digits", async ({ page }) => {
    await openGate(page);
    await expect(page.getByRole("heading", { name: "Have an early access code?" })).toBeVisible();
    await expect(page.getByText("Enter your 10-digit access code to join Link")).toBeVisible();
    const verify = page.getByRole("button", { name: "Verify Code" });
    await expect(verify).toBeDisabled();

    // Letters are refused by the slots; nine digits still leave the button disabled.
    await codeInput(page).pressSequentially("12ab3456789");
    await expect(codeInput(page)).toHaveValue("123456789");
    await expect(verify).toBeDisabled();
    await shot(page, "gate");

    // The tenth digit verifies on its own.
    await codeInput(page).press("1");
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Invalid Code");
    await expect(toast).toContainText("Please check your code and try again.");
    await expect(page.getByRole("heading", { name: "Have an early access code?" })).toBeVisible();
    await shot(page, "gate-invalid");

    // With ten digits the button works too.
    await expect(verify).toBeEnabled();
    await verify.click();
    await expect(toast).toContainText("Invalid Code");
  });

  test("a valid code (auto-verified on the tenth digit) leads through the success card to Create account", async ({
    page,
  }) => {
    await openGate(page);
    await codeInput(page).pressSequentially(DEMO_ACCESS_CODES[0]);
    await expect(page.getByRole("heading", { name: "Welcome to Link" })).toBeVisible();
    await expect(page.getByText("You now have early access to all features")).toBeVisible();
    for (const blurb of ["Connect & Network", "AI-Powered Matching", "Early Access Benefits"]) {
      await expect(page.getByText(blurb)).toBeVisible();
    }
    await shot(page, "granted");

    await page.getByRole("button", { name: "Continue to App" }).click();
    await expect(page.getByText("Connect with friends and professionals")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Create account" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("Confirm Password")).toBeVisible();
    // The success card said welcome; no toast carries it on over the form.
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await shot(page, "login");
  });

  test("pasting a ten-digit code fills every slot and verifies it", async ({ page }) => {
    await openGate(page);
    await codeInput(page).focus();
    // The tenth digit verifies at once and the success card replaces the slots, so the request shows what they held.
    const verify = page.waitForRequest((r) => r.url().endsWith("/api/access-codes/verify"));
    await codeInput(page).evaluate((input, code) => {
      const data = new DataTransfer();
      data.setData("text/plain", code);
      input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, "2468 013 579");
    expect((await verify).postDataJSON()).toEqual({ code: "2468013579" });
    await expect(page.getByText("You now have early access to all features")).toBeVisible();
  });

  test("Don't have a code? Enter Now opens the waitlist", async ({ page }) => {
    await openGate(page);
    await expect(page.getByText("Don't have a code?")).toBeVisible();
    await page.getByRole("link", { name: "Enter Now" }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
  });
});
