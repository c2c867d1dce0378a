import { createEvent, expect, participantsOf, test, uniqueToken } from "./fixtures";
import { DiscoverScreen } from "./pages/discover";

test("the cross button declines the card and the deck advances by one", async ({ page, user: me, newPerson }) => {
  const host = await newPerson();
  const token = uniqueToken("btn");
  const first = await createEvent(host.context.request, host.account.id, {
    title: `${token} Brunch`,
    date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  await createEvent(host.context.request, host.account.id, {
    title: `${token} Karaoke`,
    date: new Date(Date.now() + 4 * 86_400_000).toISOString(),
  });

  const deck = new DiscoverScreen(page);
  await deck.open(token);
  const card = deck.card;
  await expect(card).toContainText(`${token} Brunch`);
  await expect(card.getByRole("link", { name: "View Profile" })).toHaveAttribute("href", `/users/${host.account.id}`);

  await deck.answer("Decline");
  await expect(deck.status).toContainText(`Passed: ${token} Brunch`);
  // The line under the deck says it; no toast after a swipe.
  await expect(deck.toast).toHaveCount(0);
  await expect(card).toContainText(`${token} Karaoke`);
  await expect
    .poll(() => participantsOf(page.request, first.id))
    .toEqual([{ eventId: first.id, userId: me.id, status: "declined" }]);
});
