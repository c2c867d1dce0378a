import { createEvent, expect, shotBothThemes, test } from "./fixtures";

// The calendar subscription: Settings shows the secret feed as webcal:// with Google / Apple / Outlook
// buttons; the feed (fetched as a calendar app does, without a cookie) lists the person's events; resetting
// the link kills the old address. The event page offers per-event "Add to calendar" links.

test("calendar feed: subscribe from Settings, the feed lists my event, reset kills the old link", async ({
  page,
  user,
  playwright,
  serverURL,
}) => {
  const event = await createEvent(page.request, user.id, { title: "Harbour Lights Walk" });
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Availability" }).click();
  await expect(page.getByText("Calendar subscription")).toBeVisible();
  const field = page.getByRole("textbox", { name: "Calendar link" });
  await expect(field).toHaveValue(/^webcal:\/\/.+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}$/);
  const webcal = await field.inputValue();
  await expect(page.getByRole("link", { name: "Add to Google Calendar" })).toHaveAttribute(
    "href",
    `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
  );
  await expect(page.getByRole("link", { name: "Add to Apple Calendar" })).toHaveAttribute("href", webcal);
  await expect(page.getByRole("link", { name: "Add to Outlook" })).toHaveAttribute("href", /outlook\.live\.com/);
  await shotBothThemes(page, "calendar-subscription", async () => {
    await page.reload();
    await page.getByRole("tab", { name: "Availability" }).click();
    await page.getByRole("textbox", { name: "Calendar link" }).scrollIntoViewIfNeeded();
  });

  // A calendar app: no cookie, only the secret path.
  const app = await playwright.request.newContext({ baseURL: serverURL });
  const path = new URL(webcal.replace(/^webcal:/, "http:")).pathname;
  const feed = await app.get(path);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  const body = await feed.text();
  expect(body).toContain("SUMMARY:Harbour Lights Walk");
  expect(body).toContain(`UID:event-${event.id}@link`);

  await page.getByRole("button", { name: "Reset link" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Reset link" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Your calendar link was reset" })).toBeVisible();
  await expect(field).not.toHaveValue(webcal);
  expect((await app.get(path)).status()).toBe(404);
  const fresh = new URL((await field.inputValue()).replace(/^webcal:/, "http:")).pathname;
  expect((await app.get(fresh)).status()).toBe(200);
  await app.dispose();

  // The event page: the .ics file, Google's and Outlook's new-event pages.
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveAttribute(
    "href",
    `/api/events/${event.id}/calendar.ics`,
  );
  await expect(page.getByRole("link", { name: "Add to Google Calendar" })).toHaveAttribute(
    "href",
    /calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=Harbour\+Lights\+Walk/,
  );
  await expect(page.getByRole("link", { name: "Add to Outlook" })).toHaveAttribute(
    "href",
    /subject=Harbour\+Lights\+Walk/,
  );
});
