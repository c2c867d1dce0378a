import { addDays, format } from "date-fns";
import { expectAccessible } from "./axe";
import { createGroup, expect, shot, shotsWanted, test } from "./fixtures";

test.use({ userFields: { fullName: "Alice Archer" } });

test("Group availability is the members' own: what both published shows as best, a group mark lands in My Availability", async ({
  page,
  user,
  newPerson,
}) => {
  // Ten days ahead: at most one "Next month" away in My Availability.
  const date = format(addDays(new Date(), 10), "yyyy-MM-dd");
  let groupId = 0;

  await test.step("A makes a group; B joins by invite and publishes an evening and a night in My Availability", async () => {
    const group = await createGroup(page.request, { name: "Board Gamers", description: "Weekly", isPrivate: true });
    groupId = group.id;
    const bob = await newPerson({ fullName: "Bob Baker" });
    const b = bob.context.request;
    expect((await b.post(`/api/group-invite/${group.inviteCode}/join`)).status()).toBe(200);
    // My Availability's own call: the group has no availability of its own any more.
    const saved = await b.post("/api/availability", {
      data: { userId: bob.account.id, date, timeslots: ["evening", "night"] },
    });
    expect(saved.status()).toBe(200);
    // A published the same evening in My Availability too (the walk's defect: the group said nobody had).
    const mine = await page.request.post("/api/availability", {
      data: { userId: user.id, date, timeslots: ["evening"] },
    });
    expect(mine.status()).toBe(200);
  });

  const tab = page.getByRole("tabpanel", { name: "Availability" });
  const save = tab.getByRole("button", { name: "Save Availability" });
  const errorLine = tab.getByRole("alert");
  const row = (slot: string) => tab.getByTestId(`overlap-${slot}`);

  await test.step("A opens the group's Availability: the shared evening is the best time, listed first", async () => {
    await page.goto("/groups");
    await page.getByRole("tab", { name: "Availability" }).click();
    await expect(tab.getByText("Select a group to share availability")).toBeVisible();
    await tab.getByRole("button", { name: "Board Gamers" }).click();
    await expect(tab.getByText("Availability for Board Gamers")).toBeVisible();
    await tab.getByLabel("Date").fill(date);
    // The eight slots of My Availability, with the two early ones told apart.
    await expect(tab.getByRole("checkbox")).toHaveCount(8);
    await expect(tab.getByRole("checkbox", { name: "Early Morning 6am-9am" })).toBeVisible();
    await expect(tab.getByRole("checkbox", { name: "Before Dawn 3am-6am" })).toBeVisible();
    await expect(tab.getByRole("checkbox", { name: "Evening 6pm-9pm" })).toBeChecked();
    await expect(tab.getByTestId("best-slots")).toHaveText("Best time: Evening (2 of 2 free)");
    await expect(tab.getByTestId(/^overlap-/).first()).toHaveAttribute("data-testid", "overlap-evening");
    await expect(row("evening")).toContainText("2/2");
    await expect(row("evening")).toContainText("Alice Archer, Bob Baker");
    await expect(row("night")).toContainText("1/2");
    await expect(row("night")).toContainText("Bob Baker");
    await shot(page, "best-first");
  });

  await test.step("no slot: 'Please select at least one time slot'", async () => {
    await tab.getByRole("checkbox", { name: "Evening 6pm-9pm" }).click();
    await save.click();
    await expect(errorLine).toHaveText("Please select at least one time slot");
  });

  await test.step("A marks Evening + Night in the group: both now share the night, and the bottom row clears the bar", async () => {
    await tab.getByRole("checkbox", { name: "Evening 6pm-9pm" }).click();
    await tab.getByRole("checkbox", { name: "Night 9pm-12am" }).click();
    await save.click();
    await expect(page.getByTestId("toast")).toContainText("Availability saved");
    await expect(tab.getByTestId("best-slots")).toHaveText("Best time: Evening, Night (2 of 2 free)");
    await expect(row("night")).toContainText("Alice Archer, Bob Baker");
    await expectAccessible(page, "group availability");
    if (shotsWanted) {
      await shot(page, "saved");
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(300);
      await shot(page, "bottom");
    }
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const lastBox = await tab
      .getByTestId(/^overlap-/)
      .last()
      .boundingBox();
    const barBox = await page.getByRole("navigation").last().boundingBox();
    expect(lastBox && barBox && lastBox.y + lastBox.height <= barBox.y).toBe(true);
  });

  await test.step("My Availability shows the night A marked in the group", async () => {
    await page.goto(`/availability`);
    const widget = page.getByTestId("availability-widget");
    for (let i = 0; i < 2; i++) {
      if ((await widget.locator(`button[data-day="${date}"]:not([data-filler])`).count()) > 0) break;
      await page.getByRole("button", { name: "Next month" }).click();
    }
    await widget.locator(`button[data-day="${date}"]:not([data-filler])`).click();
    await expect(widget.locator('button[data-slot-id="night"]')).toHaveAttribute("aria-pressed", "true");
    await expect(widget.locator('button[data-slot-id="evening"]')).toHaveAttribute("aria-pressed", "true");
    const server = await page.request.get(`/api/groups/${groupId}/availability?date=${date}`);
    expect((await server.json()).mine).toEqual(["evening", "night"]);
  });
});
