import { expect, type Page } from "@playwright/test";

/** /groups: My Groups, a group's Chat tab and the composer. */
export class GroupsScreen {
  constructor(readonly page: Page) {}

  get messages() {
    return this.page.getByTestId("chat-messages");
  }
  get composer() {
    return this.page.getByLabel("Message", { exact: true });
  }

  /** Opens the group's chat from My Groups; `expected` is a message that must already show. */
  async openChat(groupName: string, expected?: string) {
    await this.page.goto("/groups");
    await this.page.getByText(groupName).first().click();
    await this.showChat();
    if (expected !== undefined) await expect(this.messages).toContainText(expected);
  }

  /** The Chat tab of the group open now. */
  async showChat() {
    // A phone's conversation fills the screen, over the tabs: an open one (e.g. after an invite) is already shown.
    const back = this.page.getByRole("button", { name: "Back to groups" });
    const tab = this.page.getByRole("tab", { name: "Chat" });
    await expect(tab.or(back).first()).toBeVisible();
    if (await back.isVisible()) return;
    // A group just made or joined may open its conversation a moment later, covering the tab meanwhile.
    await tab.click({ timeout: 5_000 }).catch(async (error: unknown) => {
      if (!(await back.isVisible())) throw error;
    });
    await expect(back).toBeVisible();
  }

  /** The conversation's back button (a phone's conversation fills the screen): returns to My Groups. */
  async backToList() {
    await this.page.getByRole("button", { name: "Back to groups" }).click();
    await expect(this.page.getByRole("tab", { name: "My Groups" })).toHaveAttribute("aria-selected", "true");
  }

  /** Sends with Enter, as a keyboard user does, and waits for the composer to empty (the message was taken). */
  async send(text: string) {
    await this.composer.fill(text);
    await this.composer.press("Enter");
    await expect(this.composer).toHaveValue("");
  }
}
