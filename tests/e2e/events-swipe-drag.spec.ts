import { expect, test } from "@playwright/test";
import { createEventVia, participantsOf, registerVia, uniqueToken } from "./events-fixtures";

test("dragging a card past 150 px records going; a 100 px drag springs back and records nothing", async ({
  page,
  browser,
}) => {
  const hostContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const host = await registerVia(hostContext.request);
  const token = uniqueToken("drag");
  const event = await createEventVia(hostContext.request, host.id, { title: `${token} Rooftop Party` });
  const me = await registerVia(page.request);

  await page.goto("/");
  await page.getByPlaceholder("Search social events...").fill(token);
  const card = page.getByTestId("swipe-card");
  await expect(card).toContainText(`${token} Rooftop Party`);
  await page.screenshot({ path: "/tmp/events-discover.png" });

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
  await expect(page.getByTestId("toast")).toHaveCount(0);

  // 220 px: past the threshold, going is recorded and the toast confirms it.
  await drag(220);
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("You're going!");
  await expect(toast).toContainText(`You've joined ${token} Rooftop Party`);
  await expect
    .poll(() => participantsOf(page.request, event.id))
    .toEqual([{ eventId: event.id, userId: me.id, status: "going" }]);
  await expect(page.getByText("No More Events")).toBeVisible();
  await expect(
    page.getByText("You've seen all available events in your area. Check back later for new events!"),
  ).toBeVisible();
  await hostContext.close();
});
