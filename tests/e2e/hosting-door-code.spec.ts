import { createEvent, expect, shot, test, uniqueToken } from "./fixtures";
import { EventScreen } from "./pages/event";
import { uncovered } from "./uncovered";

/**
 * The door: a guest joins with an answer and a plus-one and sees both; the ticket shows a short code under its
 * QR (and full screen, clear of the header and the bottom bar); the host types that code; the guest's open
 * page turns to "You were there" without a reload, and no longer offers to leave.
 */
const loaded = { timeout: 20_000 };
// Two people, a join, a check-in: on a shared, loaded machine this takes longer than the default 30 s.
test.setTimeout(120_000);

test("the guest reads the door code, the host types it, the guest sees they were there at once", async ({
  page,
  user,
  newPerson,
}) => {
  const { page: hostPage, account: host } = await newPerson({ fullName: "Hana Host" });
  const title = `${uniqueToken("door")} Rooftop social`;
  const event = await createEvent(hostPage.request, host.id, {
    title,
    // Starting within the hour: check-in is open (it opens 12 hours before the start).
    date: new Date(Date.now() + 3_600_000).toISOString(),
    maxGuestsPerPerson: 1,
    questions: [{ text: "Which game will you bring?", required: true }],
  });

  const guestScreen = new EventScreen(page);
  await guestScreen.open(event.id);
  await page.getByRole("button", { name: "Join" }).click(loaded);
  const ask = page.getByRole("dialog");
  await ask.getByLabel(/Which game will you bring\?/).fill("Catan");
  await ask.getByLabel("Plus-ones").selectOption({ label: "Me + 1" });
  await ask.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("viewer-status")).toContainText("You're going");
  const own = page.getByTestId("own-answers");
  await expect(own).toContainText("You're bringing 1 guest");
  await expect(own).toContainText("Which game will you bring?");
  await expect(own).toContainText("Catan");
  await expect(page.getByRole("link", { name: new RegExp(user.fullName) })).toContainText("+1");

  const doorCode = page.getByTestId("door-code").first();
  await expect(doorCode).toHaveText(/^[2-9A-HJKMNP-Z]{3} [2-9A-HJKMNP-Z]{3}$/, loaded);
  const code = (await doorCode.textContent()) ?? "";
  await shot(page, "ticket-door-code");

  // Full screen, the QR code is on top of everything: a photo or a scanner gets all of it.
  await page.getByRole("button", { name: "Show ticket" }).click();
  const full = page.getByTestId("ticket-qr-full");
  await expect(full).toBeVisible();
  expect(await uncovered(full)).toBe(true);
  const box = await full.boundingBox();
  const header = await page.locator("header").first().boundingBox();
  // The dialog hides the page from the accessibility tree, so the bar is found by its element.
  const bar = await page.locator("nav").last().boundingBox();
  expect(box && header && box.y >= header.y + header.height).toBe(true);
  expect(box && bar && box.y + box.height <= bar.y).toBe(true);
  await expect(page.getByRole("dialog").getByTestId("door-code")).toHaveText(code);
  await shot(page, "ticket-full-screen");
  await page.keyboard.press("Escape");

  await new EventScreen(hostPage).open(event.id);
  const checkIn = hostPage.getByTestId("check-in");
  await expect(checkIn).toBeVisible(loaded);
  await checkIn.getByLabel("Ticket code").fill(code.toLowerCase());
  await checkIn.getByRole("button", { name: "Check in" }).click();
  await expect(checkIn.getByTestId("check-in-result")).toHaveText(`${user.fullName} is checked in`, loaded);

  // No reload: the check-in reaches the guest's page over its socket.
  await expect(page.getByTestId("you-were-there")).toHaveText("You were there", loaded);
  await expect(page.getByTestId("door-code")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Leave event" })).toHaveCount(0);
  await shot(page, "checked-in-guest");
});
