import type { Locator, Page } from "@playwright/test";
import { createEvent, expect, shot, test, uniqueToken } from "./fixtures";
import { CreateEventDialog, localDay } from "./pages/create-event";
import { DiscoverScreen } from "./pages/discover";

// The deck on a phone: the tallest card (a series with a co-host, an interest chip and "your time")
// keeps Going, Pass and the Undo line on screen above the bottom bar, without scrolling; a tap on the
// card's title, cover or description opens the event, and Back finds the deck where it was.

const LA = "America/Los_Angeles";
/** Yoyogi Park: the event's own zone is Tokyo's, the viewer's is Los Angeles'. */
const TOKYO = { latitude: "35.6717", longitude: "139.6949", location: "Yoyogi Park, Shibuya" };

/** Saturday 10:00 in Tokyo (01:00 UTC), at least `days` days ahead: still Friday in Los Angeles. */
function tokyoSaturday(days: number) {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(1, 0, 0, 0);
  while (at.getUTCDay() !== 6) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString();
}

/** The top of what covers the screen's bottom: the bar, or its raised add button when that is higher. */
async function barTop(page: Page) {
  const bar = await page.getByRole("navigation", { name: "Main" }).boundingBox();
  const plus = await page.getByRole("button", { name: "Create event" }).boundingBox();
  if (!bar || !plus) throw new Error("no bottom bar");
  return Math.min(bar.y, plus.y);
}

/** `target` is wholly on screen, ends above the bottom bar and its add button, and nothing is drawn over it. */
async function clearOfTheBar(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) return "not shown";
  const top = await barTop(page);
  if (box.y < 0) return `top ${box.y} above the screen`;
  if (box.y + box.height > top) return `bottom ${Math.round(box.y + box.height)} under the bar at ${Math.round(top)}`;
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.bottom - 3);
    return !!top && (el === top || el.contains(top));
  });
  return hit ? "clear" : "covered";
}

test.use({ userFields: { timezone: LA, interests: ["hiking"] } });

test("the tallest card keeps Going, Pass and Undo above the bar; a tap opens the event and Back keeps the deck", async ({
  page,
  user: _,
  newPerson,
}) => {
  test.setTimeout(90_000);
  const host = await newPerson({ fullName: "Hana Host" });
  const cohost = await newPerson({ fullName: "Cole Cohost" });
  const token = uniqueToken("tall");
  const long = "We walk the long loop around the park, stop for tea and take the slow way back. ".repeat(6);
  const series = await createEvent(host.page.request, host.account.id, {
    title: `${token} Saturday hike`,
    description: long,
    tags: ["hiking"],
    date: tokyoSaturday(2),
    recurrence: { frequency: "weekly", count: 3 },
    ...TOKYO,
  });
  const added = await host.page.request.post(`/api/events/${series.id}/cohosts`, {
    data: { userId: cohost.account.id },
  });
  expect(added.status()).toBe(201);
  const second = await createEvent(host.page.request, host.account.id, {
    title: `${token} Ramen crawl`,
    description: long,
    tags: ["hiking"],
    date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    ...TOKYO,
  });

  const deck = new DiscoverScreen(page);
  await deck.open(token);
  const card = deck.card;
  await expect(card).toContainText(`${token} Saturday hike`, { timeout: 20_000 });
  // Everything that makes a card tall is on it.
  await expect(card.getByTestId("series-label")).toHaveText("Every Saturday");
  await expect(card.getByTestId("card-hosts")).toHaveText("Hosted by Hana Host, Cole Cohost");
  await expect(card.getByTestId("card-time")).toContainText("your time");
  await expect(card.getByRole("list", { name: "Why this event" })).toContainText("hiking");
  await shot(page, "tallest-card");

  // Measured without scrolling: both answers sit above the bar and its raised add button.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect.poll(() => clearOfTheBar(page, card.getByRole("button", { name: "Going" }))).toBe("clear");
  await expect.poll(() => clearOfTheBar(page, card.getByRole("button", { name: "Decline" }))).toBe("clear");
  await expect.poll(() => clearOfTheBar(page, card)).toBe("clear");
  await expect.poll(() => clearOfTheBar(page, deck.status)).toBe("clear");

  await deck.answer("Going");
  await expect(deck.status).toContainText(`Going: ${token} Saturday hike`);
  await expect(card).toContainText(`${token} Ramen crawl`);
  const undo = page.getByRole("button", { name: "Undo" });
  await expect.poll(() => clearOfTheBar(page, undo)).toBe("clear");
  await expect.poll(() => clearOfTheBar(page, deck.status)).toBe("clear");
  await expect.poll(() => clearOfTheBar(page, card.getByRole("button", { name: "Going" }))).toBe("clear");
  await shot(page, "undo-line");

  // The title, the cover and the description each open the event; Back finds the same card and Undo.
  for (const part of [
    card.getByRole("link", { name: `${token} Ramen crawl` }),
    card.getByTestId("card-cover"),
    card.getByTestId("card-description"),
  ]) {
    await part.click();
    await expect(page).toHaveURL(new RegExp(`/events/${second.id}$`));
    await expect(page.getByRole("heading", { name: `${token} Ramen crawl` })).toBeVisible({ timeout: 20_000 });
    await page.goBack();
    await expect(card).toContainText(`${token} Ramen crawl`, { timeout: 20_000 });
    await expect(deck.search).toHaveValue(token);
    await expect(deck.status).toContainText(`Going: ${token} Saturday hike`);
    await expect(undo).toBeVisible();
  }
});

type Box = { x: number; y: number; width: number; height: number } | null;
const overlaps = (a: Box, b: Box) =>
  !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("a toast never covers Going, Pass or Undo, nor a form's buttons", async ({ page, user: _, newPerson }) => {
  test.setTimeout(90_000);
  const host = await newPerson();
  const token = uniqueToken("toast");
  for (const [i, title] of ["Picnic", "Karaoke"].entries()) {
    await createEvent(host.page.request, host.account.id, {
      title: `${token} ${title}`,
      date: new Date(Date.now() + (2 + i) * 86_400_000).toISOString(),
    });
  }
  const deck = new DiscoverScreen(page);
  await deck.open(token);
  await expect(deck.card).toContainText(`${token} Picnic`, { timeout: 20_000 });
  await deck.answer("Going");
  await expect(deck.status).toContainText(`Going: ${token} Picnic`);
  // An answer the server refuses: its error toast shows while the buttons stay free.
  await page.route("**/api/event-participants", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "{}" }) : route.continue(),
  );
  await deck.answer("Decline");
  await expect(deck.toast).toContainText("Failed to update your response");
  const toast = await deck.toast.boundingBox();
  for (const target of [
    deck.card.getByRole("button", { name: "Going" }),
    deck.card.getByRole("button", { name: "Decline" }),
    page.getByRole("button", { name: "Undo" }),
    deck.status,
  ])
    expect(overlaps(toast, await target.boundingBox())).toBe(false);
  await shot(page, "deck-toast");

  // In a form: a refused create shows its toast away from the dialog's buttons.
  await page.route("**/api/events", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "{}" }) : route.continue(),
  );
  const create = new CreateEventDialog(page);
  const dialog = await create.open();
  await create.fill({ title: `${token} Refused`, description: "Never stored", day: localDay(3), time: "19:00" });
  await create.submit();
  await expect(create.toast).toBeVisible();
  // No control of the dialog in view lies under the toast, with the form scrolled to its end (Create, Cancel)
  // or to its top (the close button, the first fields, "Use my current location").
  // The dialog moves below the toast in 150 ms.
  await expect.poll(() => controlsUnderToast(page)).toEqual([]);
  await shot(page, "form-toast");
  await dialog.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(dialog.getByRole("button", { name: "Use my current location" })).toBeInViewport();
  expect(await controlsUnderToast(page)).toEqual([]);
  await shot(page, "form-toast-top");
});

/**
 * The names of the open dialog's focusable controls that the toast's box intersects, counting only the part
 * of each control in view inside the dialog's scroll box.
 */
async function controlsUnderToast(page: Page) {
  return page.evaluate(() => {
    const toast = document.querySelector('[data-testid="toast"]')?.getBoundingClientRect();
    const dialog = document.querySelector('[role="dialog"][data-state="open"]');
    if (!toast || !dialog) return ["no toast or no open dialog"];
    const view = dialog.getBoundingClientRect();
    const controls = dialog.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]");
    return [...controls].flatMap((control) => {
      if (control.tabIndex < 0 || control.matches(":disabled, [type=hidden]")) return [];
      const r = control.getBoundingClientRect();
      const top = Math.max(r.top, view.top);
      const bottom = Math.min(r.bottom, view.bottom);
      if (r.width === 0 || bottom <= top) return [];
      const under = r.left < toast.right && toast.left < r.right && top < toast.bottom && toast.top < bottom;
      return under ? [control.getAttribute("aria-label") || control.textContent?.trim() || control.tagName] : [];
    });
  });
}
