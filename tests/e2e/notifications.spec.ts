import type { APIRequestContext } from "@playwright/test";
import { createEvent as createEventVia, expect, shot, test } from "./fixtures";

test.use({ userFields: { fullName: "Ada" } });

function createEvent(request: APIRequestContext, hostId: number, title: string) {
  return createEventVia(request, hostId, { title, description: "Come along", location: "Dolores Park" });
}

test("B joins A's event: A's bell lights up live; the page groups under Today, filters by type, removes and clears", async ({
  page,
  user: a,
  newPerson,
}) => {
  const aEvent = await createEvent(page.request, a.id, "Picnic in the park");
  await page.goto("/");
  const bell = page.getByRole("link", { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);

  const { account: b, context } = await newPerson({ fullName: "Ben" });
  const bContext = context.request;
  const join = await bContext.post("/api/event-participants", {
    data: { eventId: aEvent.id, userId: b.id, status: "going" },
  });
  expect(join.status()).toBe(201);

  // No reload: the push (or the visible-tab poll) brings it in.
  await expect(page.getByTestId("notification-badge")).toHaveText("1", { timeout: 20_000 });

  // A second kind for the filter: A goes to B's event, then B updates it.
  const bEvent = await createEvent(bContext, b.id, "Board games night");
  expect(
    (
      await page.request.post("/api/event-participants", {
        data: { eventId: bEvent.id, userId: a.id, status: "going" },
      })
    ).status(),
  ).toBe(201);
  expect((await bContext.patch(`/api/events/${bEvent.id}`, { data: { title: "Board games marathon" } })).status()).toBe(
    200,
  );
  await expect(page.getByTestId("notification-badge")).toHaveText("2", { timeout: 20_000 });

  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const today = page.getByRole("region", { name: "Today" });
  await expect(today.getByTestId("notification-item")).toHaveCount(2);
  await expect(today.getByText("New participant")).toBeVisible();
  await expect(today.getByText("Event updated")).toBeVisible();
  // Opening the page marks all read: the badge goes.
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  await expect(today.getByRole("link", { name: "View Details" }).first()).toBeVisible();
  await shot(page, "notifications");

  await page.getByRole("combobox", { name: "Filter by type" }).click();
  await page.getByRole("option", { name: "Event updates" }).click();
  await expect(page.getByTestId("notification-item")).toHaveCount(1);
  await expect(page.getByText("Event updated")).toBeVisible();
  await page.getByRole("combobox", { name: "Filter by type" }).click();
  await page.getByRole("option", { name: "Cancellations" }).click();
  await expect(page.getByRole("heading", { name: "No Notifications" })).toBeVisible();
  await page.getByRole("combobox", { name: "Filter by type" }).click();
  await page.getByRole("option", { name: "All notifications" }).click();
  await expect(page.getByTestId("notification-item")).toHaveCount(2);

  await page.getByRole("button", { name: "Remove notification: Event updated" }).click();
  await expect(page.getByTestId("notification-item")).toHaveCount(1);
  await page.getByRole("button", { name: "Clear All" }).click();
  await expect(page.getByRole("heading", { name: "No Notifications" })).toBeVisible();
  await shot(page, "empty");
  // The server agrees after a reload.
  await page.reload();
  await expect(page.getByRole("heading", { name: "No Notifications" })).toBeVisible();
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
