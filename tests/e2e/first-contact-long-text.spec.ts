import type { Page } from "@playwright/test";
import { createEvent, expect, test, uniqueToken } from "./fixtures";
import { DiscoverScreen } from "./pages/discover";

const LONG_WORD = "Extraordinarilylongannualopenmicboardgameandkaraokeextravaganza";
const HEBREW = "ערב של אוכל ומוזיקה. ערב של אוכל ומוזיקה. ערב של אוכל ומוזיקה.";

/** The page is exactly as wide as the phone: nothing a person wrote pushed it wider. */
async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.use({ userFields: { fullName: "דנה כהן" } });

test("a long word and a long real name wrap on every screen; right-to-left text runs right to left; initials keep their script", async ({
  page,
  user,
  newPerson,
}) => {
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
});
