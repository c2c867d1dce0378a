import { createEvent, expect, shot, test } from "./fixtures";

/**
 * A block makes each side as if gone to the other: the blocked person opening the blocker's profile or
 * event gets the app's not-found screens, and the blocker no longer sees them among the event's guests.
 */
test("after a block, the blocker's profile and event read Not Found to the person blocked", async ({
  page,
  user,
  newPerson,
}) => {
  test.setTimeout(60_000);
  const vera = await newPerson({ fullName: "Vera Blocker" });
  const party = await createEvent(vera.context.request, vera.account.id, { title: "Vera's rooftop party" });
  // Before the block the guest joins; the host sees them among the people going.
  const join = await page.request.post("/api/event-participants", {
    data: { eventId: party.id, userId: user.id, status: "going" },
  });
  expect(join.status()).toBe(201);
  await vera.page.goto(`/events/${party.id}`);
  await expect(vera.page.getByRole("heading", { name: "Vera's rooftop party" })).toBeVisible();
  await expect(vera.page.getByText(user.fullName)).not.toHaveCount(0);

  await test.step("the host blocks the guest", async () => {
    const res = await vera.context.request.post("/api/blocks", { data: { userId: user.id } });
    expect(res.status()).toBe(200);
  });

  await test.step("the blocked guest gets User Not Found and Event Not Found", async () => {
    await page.goto(`/users/${vera.account.id}`);
    await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
    await expect(page.getByText("Vera Blocker")).toHaveCount(0);
    await shot(page, "profile-blocked");
    await page.goto(`/events/${party.id}`);
    await expect(page.getByRole("heading", { name: "Event Not Found" })).toBeVisible();
    await expect(page.getByText("Vera's rooftop party")).toHaveCount(0);
    await shot(page, "event-blocked");
  });

  await test.step("the host's event page no longer shows the blocked guest", async () => {
    await vera.page.reload();
    await expect(vera.page.getByRole("heading", { name: "Vera's rooftop party" })).toBeVisible();
    await expect(vera.page.getByText(user.fullName)).toHaveCount(0);
    await shot(vera.page, "host-view");
  });
});
