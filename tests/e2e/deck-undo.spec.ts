import { createEvent, expect, participantsOf, test, uniqueToken } from "./fixtures";
import { DiscoverScreen } from "./pages/discover";

// A deck that feels native. Undo takes the answer back, a swipe brings no toast, the next card waits
// below the top one, and a search with no result says so.
test("undo restores the card and deletes the answer; a swipe brings no toast", async ({
  page,
  user: me,
  newPerson,
}) => {
  const host = await newPerson();
  const token = uniqueToken("undo");
  const first = await createEvent(host.context.request, host.account.id, {
    title: `${token} Picnic`,
    date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  await createEvent(host.context.request, host.account.id, {
    title: `${token} Karaoke`,
    date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });

  const deck = new DiscoverScreen(page);
  await deck.open(token);
  const card = deck.card;
  await expect(card).toContainText(`${token} Picnic`);
  // The next card waits below, out of the way of assistive technology.
  await expect(deck.nextCard).toContainText(`${token} Karaoke`);
  await expect(deck.nextCard).toHaveAttribute("aria-hidden", "true");

  await deck.answer("Going");
  await expect(deck.status).toContainText(`Going: ${token} Picnic`);
  await expect(card).toContainText(`${token} Karaoke`);
  await expect
    .poll(() => participantsOf(page.request, first.id))
    .toEqual([{ eventId: first.id, userId: me.id, status: "going" }]);

  await page.getByRole("button", { name: "Undo" }).click();
  await expect(card).toContainText(`${token} Picnic`);
  await expect.poll(() => participantsOf(page.request, first.id)).toEqual([]);
  await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0);

  // Right after a swipe no toast comes at all, and the Networking tab takes the tap.
  await deck.answer("Decline");
  await expect(deck.status).toContainText(`Passed: ${token} Picnic`);
  await expect(deck.toast).toHaveCount(0);
  await page.getByRole("tab", { name: "Networking" }).click({ timeout: 2000 });
  await expect(page.getByRole("tab", { name: "Networking" })).toHaveAttribute("aria-selected", "true");
});

test("a search with no result says so and offers to clear it", async ({ page, user: _ }) => {
  const deck = new DiscoverScreen(page);
  await deck.open();
  await expect(deck.card).toBeVisible();
  const search = deck.search;
  await search.fill("zzqx no such event");
  await expect(page.getByRole("heading", { name: 'No events match "zzqx no such event"' })).toBeVisible();
  await expect(page.getByText("No More Events")).toHaveCount(0);
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(search).toHaveValue("");
  await expect(deck.card).toBeVisible();

  await page.getByRole("tab", { name: "Networking" }).click();
  const networkingSearch = page.getByPlaceholder("Search events by title, description, or tags...");
  await networkingSearch.fill("zzqx");
  await expect(page.getByRole("heading", { name: 'No events match "zzqx"' })).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(page.getByTestId("networking-card").first()).toBeVisible();
});

test("prefers-reduced-motion: the answered card fades where it stands instead of flying off", async ({
  page,
  newPerson,
  signUp,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const host = await newPerson();
  const token = uniqueToken("calm");
  await createEvent(host.context.request, host.account.id, {
    title: `${token} Tea`,
    date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  await createEvent(host.context.request, host.account.id, {
    title: `${token} Chess`,
    date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });
  await signUp(page.request);
  const deck = new DiscoverScreen(page);
  await deck.open(token);
  const card = deck.card;
  await expect(card).toContainText(`${token} Tea`);
  const before = await card.boundingBox();
  // Sample the leaving card on every frame from before the tap until it is gone: it never moves sideways.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { leavingXs: number[] }).leavingXs = seen;
    const start = performance.now();
    const sample = () => {
      const el = document.querySelector('[data-testid="leaving-card"]');
      if (el) seen.push(el.getBoundingClientRect().x);
      if (performance.now() - start < 3000) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await deck.answer("Going");
  await expect(card).toContainText(`${token} Chess`);
  await page.waitForTimeout(500);
  const xs = await page.evaluate(() => (window as unknown as { leavingXs: number[] }).leavingXs);
  expect(xs.length).toBeGreaterThan(0);
  for (const x of xs) expect(Math.abs(x - (before?.x ?? 0))).toBeLessThan(2);
  await expect(card).toContainText(`${token} Chess`);
});
