import { DEFAULT_NOTIFICATION_PREFERENCES } from "@contract/push";
import { fakeSmtpServer } from "../../src/server/test/smtp";
import { createEvent, expect, shot, test, uniqueToken } from "./fixtures";
import { EventScreen } from "./pages/event";

/**
 * Hosting journeys: a co-host approves an application with its answer, a plus-one takes the last seat,
 * an update reaches a going guest live and by e-mail, and a ticket's QR code scanned by the host's page
 * checks the guest in once. The outbox mails to a listener on E2E_PORT + 1000 (playwright.config.ts).
 */
const smtpPort = Number(process.env.E2E_PORT ?? 5199) + 1000;
const smtp = fakeSmtpServer();

test.beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.server.listen(smtpPort, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => smtp.server.close(resolve));
});

test("a co-host approves an application and sees its answer", async ({ page, newPerson, signUp }) => {
  const { page: hostPage, account: host } = await newPerson({ fullName: "Hana Host" });
  const { page: cohostPage, account: cohost } = await newPerson({ fullName: "Cole Cohost" });
  const title = `${uniqueToken("cohost")} Founders Breakfast`;
  const event = await createEvent(hostPage.request, host.id, {
    title,
    type: "networking",
    category: "tech",
    maxAttendees: 10,
    questions: [{ text: "What are you building?", required: true }],
  });
  expect(
    (await hostPage.request.post(`/api/events/${event.id}/cohosts`, { data: { userId: cohost.id } })).status(),
  ).toBe(201);
  const applicant = await signUp(page.request, { fullName: "Ada Applicant" });

  const screen = new EventScreen(page);
  await screen.open(event.id);
  await expect(page.getByTestId("cohosts")).toContainText("Co-hosted by Cole Cohost");
  await page.getByRole("button", { name: "Apply" }).click();
  const dialog = page.getByRole("dialog", { name: "Apply" });
  await dialog.getByLabel("What are you building?").fill("A robot that waters plants");
  await shot(page, "apply-with-answer");
  await dialog.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByTestId("toast")).toContainText("Application Submitted");
  await expect(page.getByTestId("viewer-status")).toContainText("Request pending");

  await new EventScreen(cohostPage).open(event.id);
  const row = cohostPage.getByTestId("guest-row").filter({ hasText: applicant.fullName });
  await expect(row).toContainText("What are you building?: A robot that waters plants");
  await expect(row).toContainText("Applied");
  await shot(cohostPage, "cohost-guest-list");
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(cohostPage.getByTestId("toast")).toContainText("Request approved");
  await expect(row).toContainText("Going");

  await page.reload();
  await expect(page.getByTestId("viewer-status")).toContainText("You're going");
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
  await expect(page.getByTestId("capacity")).toContainText("1 going · 3 max");
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
  await expect(latePage.getByRole("button", { name: "Join waitlist" })).toBeVisible();
  expect(user.id).toBeGreaterThan(0);
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
  await expect(page.getByRole("link", { name: /^Notifications/ })).toBeVisible();
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);

  await new EventScreen(hostPage).open(event.id);
  await hostPage.getByLabel("Send an update to guests").fill("We meet at the north gate tonight");
  await shot(hostPage, "send-update");
  await hostPage.getByRole("button", { name: "Send update" }).click();
  await expect(hostPage.getByTestId("toast")).toContainText("Update sent");

  // Live: the bell lights up without a reload; the notification carries the message.
  await expect(page.getByTestId("notification-badge")).toHaveText("1", { timeout: 20_000 });
  await page.getByRole("link", { name: /^Notifications/ }).click();
  await expect(page.getByText(`Update: ${title}`)).toBeVisible();
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
  await expect(page.getByTestId("event-updates")).toContainText("We meet at the north gate tonight");
  await shot(page, "guest-updates");
});

test("a ticket's QR code scanned by the host's page checks the guest in once", async ({ page, user, newPerson }) => {
  const { page: hostPage, account: host } = await newPerson({ fullName: "Hana Host" });
  const title = `${uniqueToken("ticket")} Launch party`;
  const event = await createEvent(hostPage.request, host.id, { title });
  expect(
    (
      await page.request.post("/api/event-participants", {
        data: { eventId: event.id, userId: user.id, status: "going" },
      })
    ).status(),
  ).toBe(201);

  await new EventScreen(page).open(event.id);
  const qr = page.getByRole("img", { name: "Your ticket's QR code" });
  await expect(qr).toBeVisible();
  await shot(page, "ticket");
  // What the host's camera would see: the guest holds up the code, in the middle of the screen.
  await qr.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const picture = await qr.screenshot();

  await new EventScreen(hostPage).open(event.id);
  const checkIn = hostPage.getByTestId("check-in");
  const scan = () =>
    checkIn.getByLabel("Ticket photo").setInputFiles({ name: "ticket.png", mimeType: "image/png", buffer: picture });
  await scan();
  await expect(checkIn.getByTestId("check-in-result")).toHaveText(`${user.fullName} is checked in`);
  await expect(hostPage.getByTestId("guest-row").filter({ hasText: user.fullName })).toContainText("Checked in");
  await shot(hostPage, "checked-in");
  await scan();
  await expect(checkIn.getByTestId("check-in-result")).toHaveText("Already checked in");

  await page.reload();
  await expect(page.getByTestId("you-were-there")).toHaveText("You were there");
  await expect(qr).toHaveCount(0);
});
