import { type APIRequestContext, expect, test } from "@playwright/test";
import { grantAccess } from "./access-grant";

const shots = process.env.SCREENSHOTS === "1";

async function register(request: APIRequestContext, name: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const res = await (await grantAccess(request)).post("/api/register", {
    data: {
      fullName: name,
      username: `${name.toLowerCase()}${suffix}`,
      email: `${name.toLowerCase()}${suffix}@example.com`,
      password: "secret-123",
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

async function createEvent(request: APIRequestContext, hostId: number, title: string) {
  const res = await request.post("/api/events", {
    data: {
      title,
      description: "Come along",
      date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      location: "Dolores Park",
      hostId,
      type: "social",
    },
  });
  expect(res.status()).toBeLessThan(300);
  return (await res.json()) as { id: number };
}

test("B joins A's event: A's bell lights up live; the page groups under Today, filters by type, removes and clears", async ({
  page,
  playwright,
  baseURL,
}) => {
  const a = await register(page.request, "Ada");
  const aEvent = await createEvent(page.request, a.id, "Picnic in the park");
  await page.goto("/");
  const bell = page.getByRole("link", { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);

  const bContext = await playwright.request.newContext({ baseURL });
  const b = await register(bContext, "Ben");
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
  if (shots) await page.screenshot({ path: "/tmp/shot-notifications.png" });

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
  if (shots) await page.screenshot({ path: "/tmp/shot-notifications-empty.png" });
  // The server agrees after a reload.
  await page.reload();
  await expect(page.getByRole("heading", { name: "No Notifications" })).toBeVisible();
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await bContext.dispose();
});
