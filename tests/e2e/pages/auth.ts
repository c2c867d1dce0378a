import { expect, type Page } from "@playwright/test";
import { DEMO_ACCESS_CODES } from "../../../src/server/config";

type Who = { fullName: string; username: string; email: string };

/** /auth: the early-access gate, then the sign-in card with its Login and Register tabs (spec 01). */
export class AuthScreen {
  constructor(readonly page: Page) {}

  get gate() {
    return this.page.getByLabel("Access code");
  }
  /** The sign-in card's tagline: shown once the gate is passed or not asked. */
  get card() {
    return this.page.getByText("Connect with friends and professionals");
  }

  async goto(url = "/auth") {
    await this.page.goto(url);
  }

  /** Types a code as a visitor does and waits for the sign-in card. */
  async passGate(code = DEMO_ACCESS_CODES[0]) {
    await this.gate.pressSequentially(code);
    await this.page.getByRole("button", { name: "Continue to App" }).click();
    await expect(this.card).toBeVisible();
  }

  /** A browser still holding an unspent grant meets the card directly; otherwise the gate comes first. */
  async passGateIfAsked() {
    await expect(this.gate.or(this.page.getByRole("tab", { name: "Login" }))).toBeVisible();
    if (await this.gate.isVisible()) await this.passGate();
  }

  async logIn(who: Who, password: string) {
    await this.page.getByLabel("Full Name").fill(who.fullName);
    await this.page.getByLabel("Email").fill(who.email);
    await this.page.getByLabel("Username").fill(who.username);
    await this.page.getByLabel("Password", { exact: true }).fill(password);
    await this.page.getByRole("button", { name: "Login", exact: true }).click();
  }

  /** Fills the Register tab; `register` also sends it. */
  async fillRegistration(who: Who, password: string) {
    await this.page.getByRole("tab", { name: "Register" }).click();
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
