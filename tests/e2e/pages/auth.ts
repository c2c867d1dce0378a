import { expect, type Page } from "@playwright/test";
import { DEMO_ACCESS_CODES } from "../../../src/server/config";

type Who = { fullName: string; username: string; email: string };

/**
 * /auth: the sign-in card with its Log in and Create account tabs; the early-access gate opens only for
 * someone who chooses Create account without an invite.
 */
export class AuthScreen {
  constructor(readonly page: Page) {}

  get gate() {
    return this.page.getByLabel("Access code");
  }
  /** The sign-in card's tagline. */
  get card() {
    return this.page.getByText("Connect with friends and professionals");
  }
  get logInTab() {
    return this.page.getByRole("tab", { name: "Log in" });
  }
  get createAccountTab() {
    return this.page.getByRole("tab", { name: "Create account" });
  }

  async goto(url = "/auth") {
    await this.page.goto(url);
  }

  /** Chooses Create account, types a code as a visitor does and waits for the registration form. */
  async passGate(code = DEMO_ACCESS_CODES[0]) {
    await expect(this.gate.or(this.createAccountTab)).toBeVisible();
    if (!(await this.gate.isVisible())) await this.createAccountTab.click();
    await this.gate.pressSequentially(code);
    await this.page.getByRole("button", { name: "Continue to App" }).click();
    await expect(this.createAccountTab).toHaveAttribute("aria-selected", "true");
  }

  /** Signing in needs no code: waits for the sign-in card. */
  async passGateIfAsked() {
    await expect(this.logInTab).toBeVisible();
  }

  async logIn(who: { username: string }, password: string) {
    await this.logInTab.click();
    await this.page.getByLabel("Username or e-mail").fill(who.username);
    await this.page.getByLabel("Password", { exact: true }).fill(password);
    await this.page.getByRole("button", { name: "Log in", exact: true }).click();
  }

  /** Fills the Create account tab; `register` also sends it. */
  async fillRegistration(who: Who, password: string) {
    await this.createAccountTab.click();
    await this.page.getByLabel("Full Name").fill(who.fullName);
    await this.page.getByLabel("Username").fill(who.username);
    await this.page.getByLabel("Email").fill(who.email);
    await this.page.getByLabel("Password", { exact: true }).fill(password);
    await this.page.getByLabel("Confirm Password").fill(password);
  }

  async register(who: Who, password: string) {
    await this.fillRegistration(who, password);
    await this.page.getByRole("button", { name: "Create Account" }).click();
  }
}
