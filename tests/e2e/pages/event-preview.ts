import type { Page } from "@playwright/test";

/** /events/:id opened signed out: the event's public preview. */
export class EventPreviewScreen {
  constructor(readonly page: Page) {}

  async open(eventId: number) {
    await this.page.goto(`/events/${eventId}`);
  }

  heading(title: string) {
    return this.page.getByRole("heading", { name: title });
  }
  get time() {
    return this.page.getByTestId("preview-time");
  }
  get going() {
    return this.page.getByTestId("preview-going");
  }
  get join() {
    return this.page.getByRole("button", { name: /^(Join|Apply to join)$/ });
  }
}
