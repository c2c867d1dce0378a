import type { Locator, Page } from "@playwright/test";
import { createEvent, expect, test, uniqueToken } from "./fixtures";
import { DiscoverScreen } from "./pages/discover";

/** Scrolls the page (or the scrolling box around `target`) to its end, as a thumb does to reach what is last. */
async function scrollToEnd(page: Page, target?: Locator) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  if (target)
    await target.evaluate((el) => {
      for (let box = el.parentElement; box; box = box.parentElement)
        if (box.scrollHeight > box.clientHeight) box.scrollTop = box.scrollHeight;
    });
}

/**
 * Nothing covers `target`: the topmost element at its centre and at its lower edge is the target itself
 * (or inside it). The bottom bar, its raised add button or a toast on top of it would be found instead.
 */
async function uncovered(target: Locator) {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    // Inside the rounded corners, which hit-testing leaves to what is behind.
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + box.width / 4, box.bottom - 3],
      [box.left + box.width / 2, box.bottom - 3],
      [box.left + (box.width * 3) / 4, box.bottom - 3],
    ];
    return points.every(([x, y]) => {
      if (y < 0 || y > window.innerHeight) return false;
      const top = document.elementFromPoint(x, y);
      return !!top && (el === top || el.contains(top));
    });
  });
}

test("Discover's Undo, the swipe line and N left sit above the bottom bar, and a toast leaves the filters free", async ({
  page,
  user: _,
  newPerson,
}) => {
  const host = await newPerson();
  const token = uniqueToken("bar");
  for (const [i, title] of ["Picnic", "Karaoke", "Chess"].entries()) {
    await createEvent(host.context.request, host.account.id, {
      title: `${token} ${title}`,
      description: "A long description that makes the card tall. ".repeat(6),
      date: new Date(Date.now() + (2 + i) * 86_400_000).toISOString(),
    });
  }
  const deck = new DiscoverScreen(page);
  await deck.open(token);
  await expect(deck.card).toContainText(`${token} Picnic`);
  await deck.answer("Going");
  await expect(deck.status).toContainText("2 left");
  const undo = page.getByRole("button", { name: "Undo" });
  await scrollToEnd(page);
  await expect.poll(() => uncovered(undo)).toBe(true);
  await expect.poll(() => uncovered(deck.status)).toBe(true);

  // A toast (here: an answer the server refused) never lands on the search, the filters or the bar.
  await page.route("**/api/event-participants", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "{}" }) : route.continue(),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await deck.answer("Decline");
  await expect(deck.toast).toContainText("Failed to update your response");
  type Box = Awaited<ReturnType<Locator["boundingBox"]>>;
  const overlaps = (a: Box, b: Box) =>
    !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const covered = async () => {
    const toast = await deck.toast.boundingBox();
    const others = [
      deck.search,
      page.getByRole("button", { name: /All Events/ }),
      page.getByRole("tablist").first(),
      page.locator("header").first(),
      page.getByRole("navigation", { name: "Main" }),
      page.getByRole("button", { name: "Create event" }),
    ];
    return Promise.all(others.map(async (other) => overlaps(toast, await other.boundingBox())));
  };
  await expect.poll(covered).toEqual([false, false, false, false, false, false]);
});

test("a dialog's actions and Delete forever are never under the bottom bar", async ({ page, user: _ }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Create event" }).click();
  const dialog = page.getByRole("dialog");
  const submit = dialog.getByRole("button", { name: "Create Event" });
  await scrollToEnd(page, submit);
  await expect.poll(() => uncovered(submit)).toBe(true);
  await page.keyboard.press("Escape");

  await page.goto("/settings");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const forever = page.getByRole("button", { name: "Delete forever" });
  // Opening the form brings its buttons into view, clear of the bar, with no scrolling by hand (typed
  // into without moving the page: a disabled button lets hit-testing through, so it is enabled first).
  await page.getByLabel("Confirm with your password").fill("not-sent", { force: true });
  await expect(forever).toBeEnabled();
  await expect.poll(() => uncovered(forever)).toBe(true);
  await expect.poll(() => uncovered(page.getByRole("button", { name: "Keep account" }))).toBe(true);
  await scrollToEnd(page);
  await expect.poll(() => uncovered(page.getByRole("button", { name: "Log out" }))).toBe(true);
});
