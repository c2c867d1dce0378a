import { expect, test } from "@playwright/test";
import { createEventVia, participantsOf, registerVia, uniqueToken } from "./events-fixtures";

test("the cross button declines the card and the deck advances by one", async ({ page, browser }) => {
  const hostContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const host = await registerVia(hostContext.request);
  const token = uniqueToken("btn");
  const first = await createEventVia(hostContext.request, host.id, {
    title: `${token} Brunch`,
    date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  await createEventVia(hostContext.request, host.id, {
    title: `${token} Karaoke`,
    date: new Date(Date.now() + 4 * 86_400_000).toISOString(),
  });
  const me = await registerVia(page.request);

  await page.goto("/");
  await page.getByPlaceholder("Search social events...").fill(token);
  const card = page.getByTestId("swipe-card");
  await expect(card).toContainText(`${token} Brunch`);
  await expect(card.getByRole("link", { name: "View Profile" })).toHaveAttribute("href", `/users/${host.id}`);

  await card.getByRole("button", { name: "Decline" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Event declined");
  await expect(toast).toContainText(`You've declined ${token} Brunch`);
  await expect(card).toContainText(`${token} Karaoke`);
  await expect
    .poll(() => participantsOf(page.request, first.id))
    .toEqual([{ eventId: first.id, userId: me.id, status: "declined" }]);
  await hostContext.close();
});
