import type { Page } from "@playwright/test";

/** /settings: Account, Appearance, Notifications and Event History. */
export class SettingsScreen {
  constructor(readonly page: Page) {}

  async open(tab?: "Notifications") {
    await this.page.goto("/settings");
    if (tab) await this.page.getByRole("tab", { name: tab }).click();
  }
}
