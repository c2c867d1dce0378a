import type { Page } from "@playwright/test";
import { createEvent, expect, test } from "./fixtures";

/** Moves the open app to `path` the way a tap on a link does, without asking the network for a page. */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

test("offline, an event page or a profile that was never kept says You're offline, not Not Found", async ({
  page,
  context,
  user: _,
  newPerson,
}) => {
  // Someone else's event: the person's own would be listed in My Events, and what a list shows is kept offline.
  const friend = await newPerson({ fullName: "Otto Offline" });
  const event = await createEvent(friend.page.request, friend.account.id, { title: "Harbour swim" });
  await page.goto("/my-events");
  await expect(page.getByRole("heading", { name: "My Events", exact: true })).toBeVisible();
  // The app's code is kept by the service worker; the event's data never was.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await openInApp(page, `/events/${event.id}`);
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await expect(page.getByText("Event Not Found")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
  // A profile not kept either: no error toast, no trip home, the same words.
  await openInApp(page, `/users/${friend.account.id}`);
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/users/${friend.account.id}$`));
  await expect(page.getByTestId("toast")).toHaveCount(0);
  await openInApp(page, `/events/${event.id}`);

  // Back online, the waiting read resumes and the event opens by itself.
  await context.setOffline(false);
  await expect(page.getByRole("heading", { name: "Harbour swim" })).toBeVisible();

  // Online, an event that does not exist still says so.
  await openInApp(page, "/events/987654321");
  await expect(page.getByRole("heading", { name: "Event Not Found" })).toBeVisible();
});
