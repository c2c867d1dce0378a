import { createEvent, expect, test, uniqueToken } from "./fixtures";

test("each Apply button names its event for a screen reader", async ({ page, user: _, newPerson }) => {
  const host = await newPerson();
  const token = uniqueToken("apply");
  for (const title of ["Founders breakfast", "Design critique"])
    await createEvent(host.context.request, host.account.id, {
      title: `${token} ${title}`,
      type: "networking",
      category: "tech",
      maxAttendees: 10,
    });
  await page.goto("/");
  await page.getByRole("tab", { name: "Networking" }).click();
  await page.getByPlaceholder("Search events by title, description, or tags...").fill(token);
  await expect(page.getByTestId("networking-card")).toHaveCount(2);
  for (const title of ["Founders breakfast", "Design critique"])
    await expect(page.getByRole("button", { name: `Apply to ${token} ${title}`, exact: true })).toBeVisible();
});
