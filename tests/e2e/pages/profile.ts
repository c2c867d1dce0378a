import type { Page } from "@playwright/test";

/** /profile (one's own) and /users/:id (someone else's). */
export class ProfileScreen {
  constructor(readonly page: Page) {}

  async openOwn() {
    await this.page.goto("/profile");
  }

  async openUser(userId: number) {
    await this.page.goto(`/users/${userId}`);
  }

  /** The Friends tab of one's own profile; its regions are "Friends" and "Friend requests". */
  async openFriends() {
    await this.openOwn();
    await this.page.getByRole("tab", { name: "Friends" }).click();
  }

  region(name: "Friends" | "Friend requests") {
    return this.page.getByRole("region", { name });
  }
}
