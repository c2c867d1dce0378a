import { DEFAULT_NOTIFICATION_PREFERENCES } from "@contract/push";
import { fakeSmtpServer } from "../../src/server/test/smtp";
import { createEvent, expect, shot, shotBothThemes, test, uniqueToken } from "./fixtures";
import { CreateEventDialog, localDay } from "./pages/create-event";
import { DiscoverScreen } from "./pages/discover";
import { EventScreen } from "./pages/event";
import { journeyServer } from "./servers";

/**
 * Hosting journeys: a co-host approves an application with its answer, a plus-one takes the last seat,
 * an update reaches a going guest live and by e-mail, and a ticket's QR code scanned by the host's page
 * checks the guest in once. The outbox mails to a listener on its worker's mail port (tests/e2e/servers.ts).
 */
const smtp = fakeSmtpServer();
/** The first look at a page just opened: a shared, busy machine may take a while to load its chunk. */
const loaded = { timeout: 20_000 };

test.beforeAll(async () => {
  const { smtpPort } = journeyServer();
  await new Promise<void>((resolve) => smtp.server.listen(smtpPort, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => smtp.server.close(resolve));
});

test("a weekly series is made in the dialog, shown once in the deck, and joined for two dates", async ({
  page,
  user,
  newPerson,
}) => {
  const { page: hostPage, account: host } = await newPerson();
  const token = uniqueToken("series");
  const title = `${token} Tuesday run club`;
  await hostPage.goto("/");
  const create = new CreateEventDialog(hostPage);
  const dialog = await create.open();
  await create.fill({ title, description: "Five easy kilometres", day: localDay(3), time: "19:00" });
  await dialog.getByLabel("Repeats").selectOption({ label: "Every week" });
  await dialog.getByLabel("Number of dates").fill("3");
  await shot(hostPage, "repeat-field");
  await create.create();
  const hosted = (await (await hostPage.request.get(`/api/events/user?userId=${host.id}`)).json()) as Array<{
    id: number;
    title: string;
  }>;
  const dates = hosted.filter((e) => e.title === title);
  expect(dates).toHaveLength(3);

  const deck = new DiscoverScreen(page);
  await deck.open(token);
  await expect(deck.card).toContainText(title, loaded);
  await expect(deck.card.getByTestId("series-label")).toHaveText(/^Every (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/);
  await expect(deck.nextCard).toHaveCount(0);
  await shot(page, "series-card");

  const screen = new EventScreen(page);
  await screen.open(dates[0].id);
  await expect(page.getByTestId("viewer-status")).toBeVisible(loaded);
  await page.getByRole("button", { name: "Join" }).click();
  await expect(page.getByTestId("viewer-status")).toContainText("You're going");
  const more = page.getByRole("navigation", { name: "More dates" });
  await expect(more.getByRole("link")).toHaveCount(2);
  await more.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/events/${dates[1].id}$`));
  await expect(page.getByTestId("viewer-status")).toContainText("You haven't answered yet", loaded);
  await page.getByRole("button", { name: "Join" }).click();
  await expect(page.getByTestId("viewer-status")).toContainText("You're going");
  await shot(page, "series-second-date");
  const going = await Promise.all(
    dates.map(async (d) => {
      const rows = (await (await page.request.get(`/api/event-participants?eventIds=${d.id}`)).json()) as Array<{
        userId: number;
        status: string;
      }>;
      return rows.find((r) => r.userId === user.id)?.status ?? null;
    }),
  );
  expect(going).toEqual(["going", "going", null]);
});

test("a co-host approves an application and sees its answer", async ({ page, newPerson, signUp }) => {
  // Three people, a dialog, two guest lists and a reload.
  test.setTimeout(90_000);
  const { page: hostPage, account: host } = await newPerson({ fullName: "Hana Host" });
  const { page: cohostPage, account: cohost } = await newPerson({ fullName: "Cole Cohost" });
  const title = `${uniqueToken("cohost")} Founders Breakfast`;
  const event = await createEvent(hostPage.request, host.id, {
    title,
    type: "networking",
    category: "tech",
    maxAttendees: 10,
  });
  expect(
    (await hostPage.request.post(`/api/events/${event.id}/cohosts`, { data: { userId: cohost.id } })).status(),
  ).toBe(201);
  const applicant = await signUp(page.request, { fullName: "Ada Applicant" });

  // The host asks a required question in Hosting › Guest options.
  await new EventScreen(hostPage).open(event.id);
  await hostPage.getByRole("button", { name: "Add a question" }).click(loaded);
  await hostPage.getByLabel("Question 1", { exact: true }).fill("What are you building?");
  await hostPage.getByLabel("Required", { exact: true }).check();
  await shot(hostPage, "guest-options");
  await hostPage.getByRole("button", { name: "Save guest options" }).click();
  await expect(hostPage.getByTestId("toast")).toContainText("Guest options saved");

  const screen = new EventScreen(page);
  await screen.open(event.id);
  await expect(page.getByTestId("cohosts")).toContainText("Co-hosted by Cole Cohost", loaded);
  await page.getByRole("button", { name: "Apply" }).click();
  const dialog = page.getByRole("dialog", { name: "Apply" });
  await dialog.getByLabel("What are you building?").fill("A robot that waters plants");
  await shot(page, "apply-with-answer");
  await dialog.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByTestId("toast")).toContainText("Application Submitted");
  await expect(page.getByTestId("viewer-status")).toContainText("Request pending");

  await new EventScreen(cohostPage).open(event.id);
  const row = cohostPage.getByTestId("guest-row").filter({ hasText: applicant.fullName });
  await expect(row).toContainText("What are you building?: A robot that waters plants", loaded);
  await expect(row).toContainText("Applied");
  await shot(cohostPage, "cohost-guest-list");
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(cohostPage.getByTestId("toast")).toContainText("Request approved");
  await expect(row).toContainText("Going");

  await page.reload();
  await expect(page.getByTestId("viewer-status")).toContainText("You're going", loaded);
  // Only the host cancels: the co-host has no Cancel button.
  await expect(cohostPage.getByRole("button", { name: "Cancel event" })).toHaveCount(0);
});

test("a plus-one takes the last seat", async ({ page, user, newPerson }) => {
  const { page: hostPage, account: host } = await newPerson();
  const title = `${uniqueToken("plus")} Birthday dinner`;
  const event = await createEvent(hostPage.request, host.id, { title, maxAttendees: 3, maxGuestsPerPerson: 2 });
  const { page: firstPage, account: first } = await newPerson();
  expect(
    (
      await firstPage.request.post("/api/event-participants", {
        data: { eventId: event.id, userId: first.id, status: "going" },
      })
    ).status(),
  ).toBe(201);

  await new EventScreen(page).open(event.id);
  await expect(page.getByTestId("capacity")).toContainText("1 going · 3 max", loaded);
  await page.getByRole("button", { name: "Join" }).click();
  const dialog = page.getByRole("dialog", { name: "Join" });
  await dialog.getByLabel("Plus-ones").selectOption({ label: "Me + 1" });
  await shot(page, "plus-one");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("toast")).toContainText("You're going!");
  await expect(page.getByTestId("viewer-status")).toContainText("You're going");
  await expect(page.getByTestId("capacity")).toContainText("3 going · 3 max");

  // Three seats of three are taken: the next person can only join the waitlist.
  const { page: latePage } = await newPerson();
  await new EventScreen(latePage).open(event.id);
  await expect(latePage.getByRole("button", { name: "Join waitlist" })).toBeVisible(loaded);
  // The host's list counts the plus-one on the guest's own row.
  const guests = (await (await hostPage.request.get(`/api/events/${event.id}/guests`)).json()) as {
    user: { id: number };
    guests: number;
  }[];
  expect(guests.find((g) => g.user.id === user.id)?.guests).toBe(1);
});

test("an update reaches a going guest live and by e-mail", async ({ page, user, newPerson }) => {
  const { page: hostPage, account: host } = await newPerson({ fullName: "Hana Host" });
  const title = `${uniqueToken("update")} Run club`;
  const event = await createEvent(hostPage.request, host.id, { title });
  const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  prefs.channels.events.email = true;
  expect((await page.request.put("/api/notification-preferences", { data: prefs })).status()).toBe(200);
  expect(
    (
      await page.request.post("/api/event-participants", {
        data: { eventId: event.id, userId: user.id, status: "going" },
      })
    ).status(),
  ).toBe(201);
  await page.goto("/");
  await expect(page.getByRole("link", { name: /^Notifications/ })).toBeVisible(loaded);
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);

  await new EventScreen(hostPage).open(event.id);
  await expect(hostPage.getByLabel("Send an update to guests")).toBeVisible(loaded);
  await hostPage.getByLabel("Send an update to guests").fill("We meet at the north gate tonight");
  await shot(hostPage, "send-update");
  await hostPage.getByRole("button", { name: "Send update" }).click();
  await expect(hostPage.getByTestId("toast")).toContainText("Update sent");

  // Live: the bell lights up without a reload; the notification carries the message.
  await expect(page.getByTestId("notification-badge")).toHaveText("1", { timeout: 20_000 });
  await page.getByRole("link", { name: /^Notifications/ }).click();
  await expect(page.getByText(`Update: ${title}`)).toBeVisible(loaded);
  await expect(page.getByText("We meet at the north gate tonight")).toBeVisible();
  // And by e-mail, through the outbox.
  await expect
    .poll(
      () =>
        smtp.messages
          .filter((m) => m.to.some((to) => to.includes(user.email)))
          .map((m) => m.data)
          .join(),
      {
        timeout: 20_000,
      },
    )
    .toContain("We meet at the north gate tonight");
  await new EventScreen(page).open(event.id);
  await expect(page.getByTestId("event-updates")).toContainText("We meet at the north gate tonight", loaded);
  await shot(page, "guest-updates");
});

test("a ticket's QR code scanned by the host's page checks the guest in once", async ({
  page,
  context,
  user,
  newPerson,
}) => {
  // Three people, a reload offline and two scans: a long journey on a loaded 2-core machine.
  test.setTimeout(90_000);
  const { page: hostPage, account: host } = await newPerson({ fullName: "Hana Host" });
  const title = `${uniqueToken("ticket")} Launch party`;
  // Starting within the hour: check-in is open (it opens 12 hours before the start).
  const event = await createEvent(hostPage.request, host.id, {
    title,
    date: new Date(Date.now() + 3_600_000).toISOString(),
  });
  expect(
    (
      await page.request.post("/api/event-participants", {
        data: { eventId: event.id, userId: user.id, status: "going" },
      })
    ).status(),
  ).toBe(201);

  await new EventScreen(page).open(event.id);
  const qr = page.getByRole("img", { name: "Your ticket's QR code" });
  await expect(qr).toBeVisible(loaded);
  await shot(page, "ticket");
  // Offline at the door: once read under the service worker, the page and its QR code open without a network.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.reload();
  await expect(qr).toBeVisible(loaded);
  await context.setOffline(true);
  await page.reload();
  await expect(qr).toBeVisible(loaded);
  await context.setOffline(false);
  // What the host's camera would see: the guest holds up the code, in the middle of the screen.
  await qr.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const picture = await qr.screenshot();

  await new EventScreen(hostPage).open(event.id);
  const checkIn = hostPage.getByTestId("check-in");
  await expect(checkIn).toBeVisible(loaded);
  const scan = () =>
    checkIn.getByLabel("Ticket photo").setInputFiles({ name: "ticket.png", mimeType: "image/png", buffer: picture });
  await scan();
  await expect(checkIn.getByTestId("check-in-result")).toHaveText(`${user.fullName} is checked in`, loaded);
  await expect(hostPage.getByTestId("guest-row").filter({ hasText: user.fullName })).toContainText("Checked in");
  await shot(hostPage, "checked-in");
  await scan();
  await expect(checkIn.getByTestId("check-in-result")).toHaveText("Already checked in");

  await page.reload();
  await expect(page.getByTestId("you-were-there")).toHaveText("You were there", loaded);
  await expect(qr).toHaveCount(0);

  // The host ticks a second guest in on the guest list; the two then see where they met on each other's profile.
  const { page: friendPage, account: friend } = await newPerson({ fullName: "Finn Friend" });
  expect(
    (
      await friendPage.request.post("/api/event-participants", {
        data: { eventId: event.id, userId: friend.id, status: "going" },
      })
    ).status(),
  ).toBe(201);
  await hostPage.reload();
  await hostPage.getByRole("button", { name: "Check in Finn Friend" }).click();
  await expect(hostPage.getByTestId("guest-row").filter({ hasText: "Finn Friend" })).toContainText(
    "Checked in",
    loaded,
  );
  await page.goto(`/users/${friend.id}`);
  await expect(page.getByTestId("met-at")).toHaveText(`Met at ${title}`, loaded);
  await shot(page, "met-at");
  await shotBothThemes(hostPage, "host-tools", async () => {
    await hostPage.reload();
    await expect(hostPage.getByTestId("guest-list")).toBeVisible(loaded);
  });
  await shotBothThemes(page, "you-were-there", async () => {
    await new EventScreen(page).open(event.id);
    await expect(page.getByTestId("you-were-there")).toBeVisible(loaded);
  });
});
