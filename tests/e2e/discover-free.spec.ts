import { addDays, format } from "date-fns";
import { expectAccessible } from "./axe";
import { createEvent, expect, shot, test, uniqueToken } from "./fixtures";
import { DiscoverScreen } from "./pages/discover";

test("Discover's 'When I'm free' keeps only events in the times I published in My Availability", async ({
  page,
  user,
  newPerson,
}) => {
  const token = uniqueToken("free");
  const host = await newPerson();
  // Tomorrow at noon UTC and in ten days. I publish today and the next two days whole, so tomorrow's noon
  // (whatever my zone makes of it) is in my free time; the tenth day is not, and is past this week too.
  const tomorrow = addDays(new Date(), 1);
  tomorrow.setUTCHours(12, 0, 0, 0);
  const later = addDays(new Date(), 10);
  later.setUTCHours(12, 0, 0, 0);
  await createEvent(host.context.request, host.account.id, { title: `${token} Picnic`, date: tomorrow.toISOString() });
  await createEvent(host.context.request, host.account.id, { title: `${token} Gallery`, date: later.toISOString() });
  const allSlots = [
    "early_morning_1",
    "morning",
    "early_afternoon",
    "late_afternoon",
    "evening",
    "night",
    "late_night",
    "early_morning_2",
  ];
  for (const n of [0, 1, 2]) {
    const saved = await page.request.post("/api/availability", {
      data: { userId: user.id, date: format(addDays(new Date(), n), "yyyy-MM-dd"), timeslots: allSlots },
    });
    expect(saved.status()).toBe(200);
  }

  const discover = new DiscoverScreen(page);
  await discover.open(token);
  await expect(discover.card).toBeVisible();
  const free = page.getByRole("toolbar", { name: "When I'm free" });
  await expect(free.getByRole("button", { name: "Any time" })).toHaveAttribute("aria-pressed", "true");

  await free.getByRole("button", { name: "This week", exact: true }).click();
  await expect(free.getByRole("button", { name: "This week", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(discover.card).toContainText(`${token} Picnic`);
  await expect(page.getByTestId("chip-all").getByTestId("chip-count")).toHaveText("1");
  await expectAccessible(page, "discover when I'm free");
  await shot(page, "this-week");

  await free.getByRole("button", { name: "Any time" }).click();
  await expect(page.getByTestId("chip-all").getByTestId("chip-count")).toHaveText("2");

  // Ten days out is past this week: with only the gallery searched, nothing fits.
  await discover.search.fill(`${token} Gallery`);
  await free.getByRole("button", { name: "This week", exact: true }).click();
  await expect(page.getByTestId("nothing-free")).toContainText("Nothing in your free times");
  await shot(page, "nothing-free");
  await page.getByTestId("nothing-free").getByRole("link", { name: "My Availability" }).click();
  await expect(page).toHaveURL(/\/availability$/);
});
