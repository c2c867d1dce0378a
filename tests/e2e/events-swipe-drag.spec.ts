import { createEvent, expect, participantsOf, shot, test, uniqueToken } from "./fixtures";
import { DiscoverScreen } from "./pages/discover";

test("dragging a card past 150 px records going; a 100 px drag springs back and records nothing", async ({
  page,
  user: me,
  newPerson,
}) => {
  const host = await newPerson();
  const token = uniqueToken("drag");
  const event = await createEvent(host.context.request, host.account.id, { title: `${token} Rooftop Party` });

  const deck = new DiscoverScreen(page);
  await deck.open(token);
  const card = deck.card;
  await expect(card).toContainText(`${token} Rooftop Party`);
  await shot(page, "discover");

  const drag = async (dx: number) => {
    const box = await card.boundingBox();
    if (!box) throw new Error("no card");
    const y = box.y + 80;
    const x = box.x + box.width / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y, { steps: 2 });
    await page.mouse.up();
  };

  // 100 px: under the threshold, the card springs back and nothing is stored.
  await drag(100);
  await expect(card).toContainText(`${token} Rooftop Party`);
  await expect.poll(async () => (await card.boundingBox())?.x).toBeLessThan(40);
  expect(await participantsOf(page.request, event.id)).toEqual([]);
  await expect(deck.toast).toHaveCount(0);

  // 220 px: past the threshold, going is recorded and the line under the deck says so (no toast).
  await drag(220);
  await expect
    .poll(() => participantsOf(page.request, event.id))
    .toEqual([{ eventId: event.id, userId: me.id, status: "going" }]);
  await expect(deck.toast).toHaveCount(0);
  await expect(page.getByText("No More Events")).toBeVisible();
  await expect(
    page.getByText("You've seen all available events in your area. Check back later for new events!"),
  ).toBeVisible();
});

test("held mid-drag the card shows its stamp and lifts the next one; past 150 px left it passes, a finger right goes", async ({
  page,
  user: me,
  newPerson,
}) => {
  const host = await newPerson();
  const token = uniqueToken("pass");
  const first = await createEvent(host.context.request, host.account.id, {
    title: `${token} Tea`,
    date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  const second = await createEvent(host.context.request, host.account.id, {
    title: `${token} Chess`,
    date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });
  const deck = new DiscoverScreen(page);
  await deck.open(token);
  const card = deck.card;
  await expect(card).toContainText(`${token} Tea`);
  await expect(deck.nextCard).toContainText(`${token} Chess`);
  const restingCard = await card.boundingBox();
  const restingNext = await deck.nextCard.boundingBox();
  if (!restingCard || !restingNext) throw new Error("no deck");

  // Pressed on the title, a link: the drag moves the card, and letting go opens nothing.
  const title = card.getByRole("link", { name: `${token} Tea` });
  const at = await title.boundingBox();
  if (!at) throw new Error("no title");
  const x = at.x + at.width / 2;
  const y = at.y + at.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 5; i++) await page.mouse.move(x - 15 * i, y, { steps: 2 });
  // Half way (75 of 150 px): Pass half shown, Going not at all, the next card half risen towards full size.
  await expect(card.getByText("PASS", { exact: true })).toHaveCSS("opacity", "0.5");
  await expect(card.getByText("GOING", { exact: true })).toHaveCSS("opacity", "0");
  const risen = await deck.nextCard.boundingBox();
  expect(risen?.width).toBeGreaterThan(restingNext.width + 5);
  expect(risen?.width).toBeLessThan(restingCard.width - 5);
  await shot(page, "discover-mid-drag");
  await page.mouse.up();
  await expect.poll(async () => Math.round((await card.boundingBox())?.x ?? 0)).toBe(Math.round(restingCard.x));
  await expect(card.getByText("PASS", { exact: true })).toHaveCSS("opacity", "0");
  await expect(page).toHaveURL(/\/$/);
  expect(await participantsOf(page.request, first.id)).toEqual([]);

  // 220 px to the left, let go over the title: Pass is stored, the next card is on top, and no event opened.
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x - 22 * i, y, { steps: 2 });
  await page.mouse.up();
  await expect(card).toContainText(`${token} Chess`);
  await expect(deck.status).toContainText(`Passed: ${token} Tea`);
  await expect
    .poll(() => participantsOf(page.request, first.id))
    .toEqual([{ eventId: first.id, userId: me.id, status: "declined" }]);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("leaving-card")).toHaveCount(0);

  // A finger, as on a phone (touch points through the DevTools protocol): 220 px to the right is Going.
  const box = await card.boundingBox();
  if (!box) throw new Error("no card");
  const finger = { x: box.x + box.width / 2, y: box.y + 120 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [finger] });
  for (let i = 1; i <= 10; i++)
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ ...finger, x: finger.x + 22 * i }],
    });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await expect
    .poll(() => participantsOf(page.request, second.id))
    .toEqual([{ eventId: second.id, userId: me.id, status: "going" }]);
  await expect(page.getByText("No More Events")).toBeVisible();
});

test("the top card's cover is the deck's largest paint; the card below shows its cover once the deck is touched", async ({
  page,
  user: _signedIn,
  newPerson,
}) => {
  const host = await newPerson();
  const token = uniqueToken("paint");
  // A long text leaves the top card's cover shorter than the one below, whose text is short.
  await createEvent(host.context.request, host.account.id, {
    title: `${token} Reading`,
    description: "Bring a book you loved and one you did not. ".repeat(12),
    date: new Date(Date.now() + 86_400_000).toISOString(),
  });
  await createEvent(host.context.request, host.account.id, {
    title: `${token} Walk`,
    description: "Short.",
    date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  const deck = new DiscoverScreen(page);
  await deck.open();
  await expect(deck.nextCard).toBeVisible();
  const topCover = deck.card.getByTestId(/event-cover-/);
  const nextCover = deck.nextCard.getByTestId(/event-cover-/);
  await expect(topCover).toHaveJSProperty("complete", true);
  await expect(nextCover).toHaveJSProperty("complete", true);
  await expect(nextCover).toHaveCSS("opacity", "0");

  // What Chrome reports as the largest paint before any input lies in the top card, not behind it.
  const largest = await page.evaluate(
    () =>
      new Promise<{ inTopCard: boolean; inNextCard: boolean }>((resolve) => {
        new PerformanceObserver((list) => {
          const element = (list.getEntries().at(-1) as PerformanceEntry & { element?: Element }).element;
          resolve({
            inTopCard: !!element?.closest("[data-testid=swipe-card]"),
            inNextCard: !!element?.closest("[data-testid=next-card]"),
          });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  expect(largest).toEqual({ inTopCard: true, inNextCard: false });

  // Touched, the deck shows the card below whole as soon as the top one moves.
  const box = await deck.card.boundingBox();
  if (!box) throw new Error("no card");
  await page.mouse.move(box.x + box.width / 2, box.y + 60);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + 60, { steps: 4 });
  await expect(nextCover).toHaveCSS("opacity", "1");
  await page.mouse.up();
});
