import { createEvent, createGroup, expect, shot, test, uniqueToken } from "./fixtures";

// The groups screen lists a guest's conversations (made for an event's hosts and guests) apart from ordinary
// groups, under a heading that says what they are, and offers the event instead of "Plan Event" there.

test("guests' conversations are listed in their own section, with the event and never Plan Event", async ({
  page,
  user,
  newPerson,
}) => {
  test.setTimeout(60_000);
  const token = uniqueToken("apart");
  const host = await newPerson();
  const event = await createEvent(host.page.request, host.account.id, { title: `${token} Dune Bonfire` });
  const going = await page.request.post("/api/event-participants", {
    data: { eventId: event.id, userId: user.id, status: "going" },
  });
  expect(going.ok()).toBe(true);
  expect((await page.request.get(`/api/events/${event.id}/conversation`)).ok()).toBe(true);
  await createGroup(page.request, { name: `${token} Climbing Crew` });

  await page.goto("/groups");
  const ordinary = page.getByRole("region", { name: "Your groups" });
  const conversations = page.getByRole("region", { name: "Guests' conversations" });
  await expect(conversations).toBeVisible();

  const crew = ordinary.getByTestId("group-card").filter({ hasText: `${token} Climbing Crew` });
  await expect(crew.getByRole("button", { name: "Plan Event" })).toBeVisible();
  await expect(conversations.getByText(`${token} Climbing Crew`)).toHaveCount(0);

  const bonfire = conversations.getByTestId("group-card").filter({ hasText: `${token} Dune Bonfire` });
  await expect(bonfire.getByRole("button", { name: "Chat" })).toBeVisible();
  await expect(ordinary.getByText(`${token} Dune Bonfire`)).toHaveCount(0);
  await expect(bonfire.getByRole("button", { name: "Plan Event" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Plan Event" })).toHaveCount(1);
  // The section comes after the ordinary groups, its buttons in the screen's width.
  const [groupsBox, conversationsBox] = [await ordinary.boundingBox(), await conversations.boundingBox()];
  expect(groupsBox && conversationsBox && conversationsBox.y >= groupsBox.y + groupsBox.height).toBe(true);
  await shot(page, "groups-apart");

  await bonfire.getByRole("link", { name: "Open event" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
  await expect(page.getByRole("heading", { name: `${token} Dune Bonfire` })).toBeVisible();
});
