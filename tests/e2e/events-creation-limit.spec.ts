import { CREATION_LIMITS, waitText } from "../../src/contract/limits";
import { createEvent, expect, shot, startInTheme, test, uniqueToken } from "./fixtures";
import { CreateEventDialog, localDay } from "./pages/create-event";

for (const theme of ["dark", "light"] as const) {
  test(`a host past the hourly event budget is told when to try again (${theme})`, async ({ page, user: host }) => {
    await startInTheme(page, theme);
    for (let i = 0; i < CREATION_LIMITS.events.perHour; i += 1) {
      await createEvent(page.request, host.id, { title: `${uniqueToken("cap")} ${i}` });
    }
    await page.goto("/my-events");
    const create = new CreateEventDialog(page);
    const dialog = await create.open();
    await create.fill({ title: "One too many", description: "Past the budget", day: localDay(1), time: "19:30" });
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.request().method() === "POST");
    await create.submit();
    const res = await answer;
    expect(res.status()).toBe(429);
    const seconds = Number(res.headers()["retry-after"]);
    const toast = create.toast;
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText(`Too many events created, try again in ${waitText(seconds)}`);
    // The dialog stays open with what was typed, for a later try.
    await expect(dialog.getByLabel("Event Name")).toHaveValue("One too many");
    await page.waitForTimeout(600); // the toast's entrance animation
    await shot(page, `creation-limit-${theme}`);
  });
}
