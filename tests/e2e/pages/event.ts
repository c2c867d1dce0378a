import type { Page } from "@playwright/test";

/** /events/:id, the event page. */
export class EventScreen {
  constructor(readonly page: Page) {}

  async open(eventId: number) {
    await this.page.goto(`/events/${eventId}`);
  }

  heading(title: string) {
    return this.page.getByRole("heading", { name: title });
  }
}
