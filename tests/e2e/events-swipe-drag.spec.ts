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
