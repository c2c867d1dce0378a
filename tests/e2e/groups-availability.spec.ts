import { createGroup, expect, shot, shotsWanted, test } from "./fixtures";

test.use({ userFields: { fullName: "Alice Archer" } });

test("Availability tab: validation, saving the four group slots and the two-member overlap", async ({
  page,
  user: _,
  newPerson,
}) => {
  const date = "2031-05-17";
  let groupId = 0;

  await test.step("A makes a private group; B joins by invite and shares Afternoon + Night through the API", async () => {
    const group = await createGroup(page.request, { name: "Board Gamers", description: "Weekly", isPrivate: true });
    groupId = group.id;

    const b = (await newPerson({ fullName: "Bob Baker" })).context.request;
    expect((await b.post(`/api/group-invite/${group.inviteCode}/join`)).status()).toBe(200);
    const saved = await b.post(`/api/groups/${groupId}/availability`, {
      data: { date, timeslots: ["afternoon", "night"] },
    });
    expect(saved.status()).toBe(200);
  });

  const tab = page.getByRole("tabpanel", { name: "Availability" });
  const save = tab.getByRole("button", { name: "Save Availability" });
  const errorLine = tab.getByRole("alert");

  await test.step("A opens the Availability tab and selects the group", async () => {
    await page.goto("/groups");
    await page.getByRole("tab", { name: "Availability" }).click();
    await expect(tab.getByText("Select a group to share availability")).toBeVisible();
    await tab.getByRole("button", { name: "Board Gamers" }).click();
    await expect(tab.getByText("Availability for Board Gamers")).toBeVisible();
    for (const label of ["Morning 8am-12pm", "Afternoon 12pm-4pm", "Evening 4pm-8pm", "Night 8pm-12am"]) {
      await expect(tab.getByRole("checkbox", { name: label })).not.toBeChecked();
    }
  });

  await test.step("no date: 'Date is required'", async () => {
    await tab.getByLabel("Date").fill("");
    await save.click();
    await expect(errorLine).toHaveText("Date is required");
  });

  await test.step("a date but no slot: 'Please select at least one time slot'", async () => {
    await tab.getByLabel("Date").fill(date);
    await expect(errorLine).toHaveCount(0);
    // B's answer for that date is already in the overlap view.
    await expect(tab.getByTestId("best-slots")).toHaveText("Best time: Afternoon, Night (1 of 2 free)");
    await save.click();
    await expect(errorLine).toHaveText("Please select at least one time slot");
    await shot(page, "error");
  });

  await test.step("Morning + Afternoon saved: toast, and the overlap shows both members", async () => {
    await tab.getByRole("checkbox", { name: "Morning 8am-12pm" }).click();
    await expect(errorLine).toHaveCount(0);
    await tab.getByRole("checkbox", { name: "Afternoon 12pm-4pm" }).click();
    await save.click();
    await expect(page.getByTestId("toast")).toContainText("Availability saved");
    await expect(errorLine).toHaveCount(0);
    await expect(tab.getByTestId("best-slots")).toHaveText("Best time: Afternoon (2 of 2 free)");
    const row = (slot: string) => tab.getByTestId(`overlap-${slot}`);
    await expect(row("morning")).toContainText("1/2");
    await expect(row("morning")).toContainText("Alice Archer");
    await expect(row("afternoon")).toContainText("2/2");
    await expect(row("afternoon")).toContainText("Alice Archer, Bob Baker");
    await expect(row("evening")).toContainText("0/2");
    await expect(row("night")).toContainText("1/2");
    await expect(row("night")).toContainText("Bob Baker");
    if (shotsWanted) {
      await shot(page, "saved");
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(300);
      await shot(page, "bottom");
    }
    // The last row is not hidden under the bottom bar once scrolled to the end.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const nightBox = await row("night").boundingBox();
    const barBox = await page.getByRole("navigation").last().boundingBox();
    expect(nightBox && barBox && nightBox.y + nightBox.height <= barBox.y).toBe(true);
  });

  await test.step("the saved answer survives a reload and fills the checkboxes", async () => {
    await page.reload();
    await page.getByRole("tab", { name: "Availability" }).click();
    await tab.getByRole("button", { name: "Board Gamers" }).click();
    await tab.getByLabel("Date").fill(date);
    await expect(tab.getByRole("checkbox", { name: "Morning 8am-12pm" })).toBeChecked();
    await expect(tab.getByRole("checkbox", { name: "Afternoon 12pm-4pm" })).toBeChecked();
    await expect(tab.getByRole("checkbox", { name: "Evening 4pm-8pm" })).not.toBeChecked();
    await expect(tab.getByRole("checkbox", { name: "Night 8pm-12am" })).not.toBeChecked();
    const server = await page.request.get(`/api/groups/${groupId}/availability?date=${date}`);
    expect((await server.json()).mine).toEqual(["morning", "afternoon"]);
  });
});
