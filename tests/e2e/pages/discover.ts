import type { Page } from "@playwright/test";

/** `/`, Discover: the swipe deck of social events and the Networking tab. */
export class DiscoverScreen {
  constructor(readonly page: Page) {}

  get card() {
    return this.page.getByTestId("swipe-card");
  }
  get nextCard() {
    return this.page.getByTestId("next-card");
  }
  get search() {
    return this.page.getByPlaceholder("Search social events...");
  }
  get toast() {
    return this.page.getByTestId("toast");
  }
  /** The line under the deck: what was answered last (or how to swipe) and how many cards are left. */
  get status() {
    return this.page.getByTestId("deck-status");
  }

  /** Opens the deck narrowed to the events whose text holds `query` (a journey's unique token). */
  async open(query?: string) {
    await this.page.goto("/");
    if (query !== undefined) await this.search.fill(query);
  }

  async answer(button: "Going" | "Decline") {
    await this.card.getByRole("button", { name: button }).click();
  }
}
