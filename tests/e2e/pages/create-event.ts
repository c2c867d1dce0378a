import { expect, type Page } from "@playwright/test";
import { format } from "date-fns";

/** "2031-05-17": the browser-local day `daysAhead` from now, as a date input takes it. */
export function localDay(daysAhead = 0) {
  return format(new Date(Date.now() + daysAhead * 86_400_000), "yyyy-MM-dd");
}

/** The Create New Event dialog, opened from the bottom bar's Create event button. */
export class CreateEventDialog {
  constructor(readonly page: Page) {}

  get dialog() {
    return this.page.getByRole("dialog");
  }
  get toast() {
    return this.page.getByTestId("toast");
  }

  async open() {
    await this.page.getByRole("button", { name: "Create event", exact: true }).click();
    await expect(this.dialog.getByRole("heading", { name: "Create New Event" })).toBeVisible();
    return this.dialog;
  }

  /** Types the required fields; a field left undefined stays as it is (to try a missing one). */
  async fill(fields: { title: string; description: string; day?: string; time?: string }) {
    await this.dialog.getByLabel("Event Name").fill(fields.title);
    await this.dialog.getByLabel("Description").fill(fields.description);
    if (fields.day !== undefined) await this.dialog.getByLabel("Date").fill(fields.day);
    if (fields.time !== undefined) await this.dialog.getByLabel("Time").fill(fields.time);
  }

  async submit() {
    await this.dialog.getByRole("button", { name: "Create Event" }).click();
  }

  /** Sends it and waits for the success toast and the dialog to close. */
  async create() {
    await this.submit();
    await expect(this.toast).toContainText("Event Created");
    await expect(this.dialog).toBeHidden();
  }
}
