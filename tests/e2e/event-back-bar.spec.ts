import { createEvent, expect, test, uniqueToken } from "./fixtures";
import { EventScreen } from "./pages/event";
import { uncovered } from "./uncovered";

/**
 * The way back from an event page is a bar in the page's flow, not a button floating under the header: a host
 * scrolling to "Save guest options" finds it whole wherever it stops, just below the header included.
 */
const loaded = { timeout: 20_000 };

test("the back bar never covers the host's Save guest options, wherever the page is scrolled", async ({
  page,
  user,
}) => {
  const title = `${uniqueToken("backbar")} Board games`;
  const event = await createEvent(page.request, user.id, { title });
  await new EventScreen(page).open(event.id);
  const back = page.getByTestId("event-back");
  await expect(back).toHaveText("Back", loaded);
  const save = page.getByRole("button", { name: "Save guest options" });
  await expect(save).toBeVisible(loaded);

  // Room below, as a long guest list gives: the button can be scrolled to any height on the screen.
  await page.evaluate(() => {
    document.body.style.paddingBottom = "1200px";
  });
  const headerBottom = await page
    .locator("header")
    .first()
    .evaluate((h) => h.getBoundingClientRect().bottom);
  // Just under the header is where a floating button sat; lower down, the middle of the screen.
  for (const gap of [0, 6, 12, 24, 40, 300]) {
    await save.evaluate(
      (element, top) => window.scrollBy(0, element.getBoundingClientRect().top - top),
      headerBottom + gap,
    );
    const top = await save.evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.abs(top - (headerBottom + gap)), `scrolled to ${gap} px below the header`).toBeLessThan(2);
    expect(await uncovered(save), `uncovered ${gap} px below the header`).toBe(true);
  }

  await page.evaluate(() => window.scrollTo(0, 0));
  await back.click();
  await expect(page).toHaveURL(/\/my-events$/);
});
