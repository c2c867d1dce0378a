import type { Locator, Page } from "@playwright/test";
import { createEvent, createGroup, expect, test, uniqueToken } from "./fixtures";
import { DiscoverScreen } from "./pages/discover";
import { EventPreviewScreen } from "./pages/event-preview";

const LONG_WORD = "Extraordinarilylongannualopenmicboardgameandkaraokeextravaganza";
/** Sixty letters with no break: the widest a word in a title or place gets in practice. */
const WORD_60 = LONG_WORD.slice(0, 60);
const HEBREW = "ערב של אוכל ומוזיקה. ערב של אוכל ומוזיקה. ערב של אוכל ומוזיקה.";

/** The page is exactly as wide as the phone: nothing a person wrote pushed it wider. */
async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The text's box lies on the phone's screen and nothing in it runs past its own edge. */
async function staysOnScreen(locator: Locator) {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.left >= 0 && box.right <= 390 && el.scrollWidth <= el.clientWidth + 1;
  });
}

test.use({ userFields: { fullName: "דנה כהן" } });

test("a long word and a long real name wrap on every screen; right-to-left text runs right to left; initials keep their script", async ({
  page,
  browser,
  user,
  newPerson,
}) => {
  test.setTimeout(60_000);
  const host = await newPerson({
    fullName: `Maximiliana ${LONG_WORD.slice(0, 40)} Wolfeschlegelsteinhausenbergerdorff`,
  });
  const token = uniqueToken("wrap");
  const event = await createEvent(host.context.request, host.account.id, {
    title: `${token} ${LONG_WORD}`,
    description: HEBREW,
    location: `מרכז קהילתי — Community Center, 1234 ${LONG_WORD} Boulevard`,
  });

  const deck = new DiscoverScreen(page);
  await deck.open(token);
  await expect(deck.card).toContainText(LONG_WORD);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  // Both answer buttons stay on the screen.
  for (const name of ["Going", "Decline"]) {
    const box = await deck.card.getByRole("button", { name }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  const description = deck.card.getByText(HEBREW);
  await expect(description).toHaveAttribute("dir", "auto");
  expect(await description.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
  // The account button's initial is the name's own first letter.
  await expect(page.getByRole("button", { name: "Account menu" })).toContainText("ד");

  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(LONG_WORD);
  await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("dir", "auto");
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  await page.goto(`/users/${host.account.id}`);
  await expect(page.getByRole("heading", { name: /Maximiliana/ }).first()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: user.fullName })).toHaveAttribute("dir", "auto");
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  // A group's plan card in the chat, with a 60-letter word in its title and its place.
  const group = await createGroup(page.request, { name: `${token} Planners` });
  const plan = await page.request.post("/api/events", {
    data: {
      title: `Plan ${WORD_60}`,
      groupId: group.id,
      date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      location: `${WORD_60} Street`,
    },
  });
  expect(plan.status()).toBe(201);
  await page.goto(`/groups?group=${group.id}`);
  const planCard = page.getByTestId("plan-card").filter({ hasText: WORD_60 }).first();
  await expect(planCard).toBeVisible({ timeout: 20_000 });
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  expect(await staysOnScreen(planCard.getByRole("heading", { name: `Plan ${WORD_60}` }))).toBe(true);
  expect(await staysOnScreen(planCard.getByText(`${WORD_60} Street`))).toBe(true);

  // The event's public preview, opened from its link by someone signed out; its host has a 60-letter name.
  const longHost = await newPerson({ fullName: `Ana ${WORD_60}` });
  const shared = await createEvent(longHost.context.request, longHost.account.id, {
    title: `${token} ${WORD_60}`,
    location: `${WORD_60} Square`,
  });
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const stranger = await visitor.newPage();
    const preview = new EventPreviewScreen(stranger);
    await preview.open(shared.id);
    const title = stranger.getByRole("heading", { level: 1 });
    await expect(title).toContainText(WORD_60, { timeout: 20_000 });
    expect(await pageWidth(stranger)).toBeLessThanOrEqual(390);
    for (const text of [
      title,
      stranger.getByText(`${WORD_60} Square`),
      stranger.getByText(`Hosted by Ana ${WORD_60}`),
    ]) {
      expect(await staysOnScreen(text)).toBe(true);
    }
  } finally {
    await visitor.close();
  }
});
