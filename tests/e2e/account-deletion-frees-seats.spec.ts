import { createEvent, expect, shot, test } from "./fixtures";
import { SettingsScreen } from "./pages/settings";

/**
 * A guest who deletes the account gives back every seat it held, plus-ones included: the next person
 * reads a count that says there is room and joins, instead of being offered only the waitlist.
 */
test("a guest deletes the account and the next person can join instead of only the waitlist", async ({
  page,
  user: guest,
  newPerson,
}) => {
  test.setTimeout(90_000);
  const { account: host, context: hostContext } = await newPerson({ fullName: "Hana Host" });
  const event = await createEvent(hostContext.request, host.id, {
    title: "Tiny supper club",
    description: "Two seats",
    date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    maxAttendees: 2,
    maxGuestsPerPerson: 1,
  });
  // The guest takes both seats: one for themself, one for their plus-one.
  const joined = await page.request.post("/api/event-participants", {
    data: { eventId: event.id, userId: guest.id, status: "going", guests: 1 },
  });
  expect(joined.status()).toBe(201);
  const { page: next } = await newPerson({ fullName: "Nora Next" });
  await next.goto(`/events/${event.id}`);
  await expect(next.getByRole("heading", { name: "Tiny supper club" })).toBeVisible({ timeout: 20_000 });
  await expect(next.getByTestId("capacity")).toHaveText("2 going · 2 max");
  const status = next.getByTestId("viewer-status");
  await expect(status.getByRole("button", { name: "Join waitlist" })).toBeVisible();

  await test.step("the guest deletes the account in Settings", async () => {
    await new SettingsScreen(page).open();
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByLabel("Confirm with your password").fill(guest.password);
    await page.getByRole("button", { name: "Delete forever" }).click();
    await expect(page).toHaveURL(/\/auth/);
  });

  await test.step("the next person sees room and joins", async () => {
    await next.reload();
    await expect(next.getByRole("heading", { name: "Tiny supper club" })).toBeVisible({ timeout: 20_000 });
    await expect(next.getByTestId("capacity")).toHaveText("0 going · 2 max");
    const join = status.getByRole("button", { name: "Join", exact: true });
    await expect(join).toBeVisible();
    await expect(status.getByRole("button", { name: "Join waitlist" })).toHaveCount(0);
    await shot(next, "deleted-guest-seat-free");
    await join.click();
    // The host allows a plus-one, so joining asks whether one comes; nobody does.
    await next.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await expect(status).toContainText("You're going");
    await expect(next.getByTestId("capacity")).toHaveText("1 going · 2 max");
  });
});
