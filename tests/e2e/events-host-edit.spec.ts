import { createEvent, expect, shot, test, uniqueToken } from "./fixtures";
import { EventScreen } from "./pages/event";

/** "Sat, Mar 8, 2025, 6:45 PM": how the event page shows a day at 18:45 in the user's zone (New York by default). */
function shownAt(day: string) {
  const noon = new Date(`${day}T12:00:00Z`);
  const date = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(noon);
  return `${date}, 6:45 PM`;
}

test("the host edits title and date, a going attendee is told, then the host cancels", async ({
  page,
  user: host,
  newPerson,
}) => {
  test.setTimeout(60_000);
  const token = uniqueToken("edit");
  const event = await createEvent(page.request, host.id, { title: `${token} Picnic`, friendGroupId: "all" });

  const { page: guestPage, account: guest } = await newPerson();
  const join = await guestPage.request.post("/api/event-participants", {
    data: { eventId: event.id, userId: guest.id, status: "going" },
  });
  expect(join.status()).toBe(201);
  await guestPage.goto("/my-events");
  await expect(guestPage.getByTestId("group-going")).toContainText(`${token} Picnic`);
  await expect(guestPage.getByTestId("notification-badge")).toHaveCount(0);

  // The host moves the event ten days out to 18:45 and renames it.
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const newTitle = `${token} Sunset Picnic`;
  const eventPage = new EventScreen(page);
  await eventPage.open(event.id);
  await expect(eventPage.heading(`${token} Picnic`)).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Event" });
  const dateInput = dialog.getByLabel("Date");
  // The earliest day is today where the event is: near midnight UTC that is not the runner's today.
  const { timezone } = (await (await page.request.get(`/api/events/${event.id}`)).json()) as { timezone: string };
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: timezone }).format(new Date());
  await expect(dateInput).toHaveAttribute("min", today);
  await expect(dateInput).not.toHaveValue("");
  await expect(dialog.getByLabel("Time")).toHaveValue(/^\d{2}:\d{2}$/);
  await dialog.getByLabel("Event Name").fill(newTitle);
  await dateInput.fill(day);
  await dialog.getByLabel("Time").fill("18:45");
  await shot(page, "edit-dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Event updated");
  await expect(dialog).toBeHidden();
  await expect(eventPage.heading(newTitle)).toBeVisible();
  await expect(page.getByText(shownAt(day))).toBeVisible();
  await shot(page, "edited");

  // Reopening starts from the saved values.
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(dialog.getByLabel("Date")).toHaveValue(day);
  await expect(dialog.getByLabel("Time")).toHaveValue("18:45");
  await expect(dialog.getByLabel("Event Name")).toHaveValue(newTitle);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The going attendee's bell lights up without a reload, with an event_update entry.
  await expect(guestPage.getByTestId("notification-badge")).toHaveText("1", { timeout: 20_000 });
  const notes = await guestPage.request.get("/api/notifications");
  const { notifications } = (await notes.json()) as {
    notifications: Array<{ type: string; actionUrl: string | null }>;
  };
  expect(notifications.map((n) => [n.type, n.actionUrl])).toEqual([["event_update", `/events/${event.id}`]]);

  // The host cancels through the app's own confirm dialog (never the browser's confirm() box, which the app
  // cannot style or word); "Keep event" backs out, the dialog's "Cancel event" cancels; the page says so,
  // the host tools and "Add to calendar" are gone.
  page.on("dialog", (d) => {
    throw new Error(`unexpected native ${d.type()} box: ${d.message()}`);
  });
  await expect(page.getByRole("link", { name: "Add to calendar" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel event" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Cancel this event?" });
  await confirm.getByRole("button", { name: "Keep event" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("This event was canceled")).toHaveCount(0);
  await page.getByRole("button", { name: "Cancel event" }).click();
  await confirm.getByRole("button", { name: "Cancel event" }).click();
  await expect(page.getByText("This event was canceled")).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
  await shot(page, "canceled");

  // The attendee's My Events keeps it under Going, marked Canceled; the event page says canceled.
  await expect(guestPage.getByTestId("notification-badge")).toHaveText("2", { timeout: 20_000 });
  await guestPage.goto("/my-events");
  const card = guestPage.getByTestId("group-going").getByTestId("my-event").filter({ hasText: newTitle });
  await expect(card).toContainText("Canceled");
  await expect(card).toContainText(shownAt(day));
  await shot(guestPage, "guest-my-events-canceled");
  await card.getByRole("link", { name: newTitle }).click();
  await expect(guestPage.getByText("This event was canceled")).toBeVisible();
  await expect(guestPage.getByTestId("viewer-status")).toHaveCount(0);
});
