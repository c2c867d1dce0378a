import { CATEGORIES, matchesCategory } from "@contract/categories";
import { createEvent, expect, shot, test, uniqueToken } from "./fixtures";
import { DiscoverScreen } from "./pages/discover";

test("category chips show the right counts and filter; search narrows after 300 ms and Clear restores", async ({
  page,
  newPerson,
  signUp,
}) => {
  const host = await newPerson();
  const token = uniqueToken("chip");
  const samples = [
    { title: `${token} Sunrise yoga`, tags: ["yoga"] },
    { title: `${token} Taco crawl`, tags: ["food", "drinks"] },
    { title: `${token} Jazz night`, tags: ["concert"] },
    { title: `${token} Board game night`, tags: ["games"] },
    { title: `${token} Ridge hike`, tags: ["hiking", "outdoor"] },
    { title: `${token} Wine and paint`, tags: ["wine", "art"] },
    { title: `${token} College mixer 20s`, tags: ["college"] },
  ];
  for (const [i, s] of samples.entries()) {
    await createEvent(host.context.request, host.account.id, {
      ...s,
      date: new Date(Date.now() + (2 + i) * 86_400_000).toISOString(),
    });
  }
  await signUp(page.request);
  const deck = new DiscoverScreen(page);
  await deck.open(token);
  const { card, search } = deck;
  await expect(card).toContainText(samples[0].title);

  for (const c of CATEGORIES) {
    const expected = samples.filter((s) => matchesCategory(s, c.id));
    const chip = page.getByTestId(`chip-${c.id}`);
    await expect(chip.getByTestId("chip-count"), c.id).toHaveText(String(expected.length));
    await chip.click();
    if (expected.length === 0) await expect(page.getByText("No More Events")).toBeVisible();
    else await expect(card).toContainText(expected[0].title);
  }
  await page.getByTestId("chip-all").click();
  await shot(page, "chips");

  // Narrow to one event: the request only goes out once typing has paused for 300 ms. Every feed request
  // sent from the first key on counts: without the pause each of the ~20 keys would send one.
  await search.fill("");
  const feedRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/events/swipe/")) feedRequests.push(new URL(r.url()).searchParams.get("q") ?? "");
  });
  const query = `${token} jazz`;
  await search.pressSequentially(query, { delay: 40 });
  await expect(card).toContainText(`${token} Jazz night`);
  await expect(page.getByTestId("chip-all").getByTestId("chip-count")).toHaveText("1");
  // A key 40 ms after the last never lets 300 ms pass; a slow host may stretch one gap, hence "at most 2".
  expect(feedRequests.length, feedRequests.join(" | ")).toBeGreaterThanOrEqual(1);
  expect(feedRequests.length, feedRequests.join(" | ")).toBeLessThanOrEqual(2);
  expect(feedRequests.at(-1)).toBe(query);

  await search.fill(token);
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(search).toHaveValue("");
  await expect(page.getByTestId("chip-all").getByTestId("chip-count")).not.toHaveText("1");
});
