import { createEvent, expect, shotBothThemes, test } from "./fixtures";
import { EventScreen } from "./pages/event";
import { GroupsScreen } from "./pages/groups";

// The guests' conversation: a guest going opens it from the event page, lands in its group chat with the
// host, writes; the host reads it there; the guest can mute it.

test("a going guest opens the guests' conversation from the event page and talks with the host", async ({
  page,
  user,
  newPerson,
}) => {
  // Two browsers and two screens each: more than the default budget on a loaded machine.
  test.setTimeout(90_000);
  const host = await newPerson({ fullName: "Hugo Host" });
  const event = await createEvent(host.page.request, host.account.id, { title: "Dune Bonfire", friendGroupId: "all" });
  const going = await page.request.post("/api/event-participants", {
    data: { eventId: event.id, userId: user.id, status: "going" },
  });
  expect(going.ok()).toBe(true);

  const screen = new EventScreen(page);
  await screen.open(event.id);
  const card = page.getByRole("region", { name: "Guests' conversation" });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Mute conversation" }).click();
  await expect(card.getByRole("button", { name: "Unmute conversation" })).toHaveAttribute("aria-pressed", "true");
  await shotBothThemes(page, "event-conversation-card", async () => {
    await screen.open(event.id);
    await expect(page.getByRole("button", { name: "Unmute conversation" })).toBeEnabled();
  });

  await page.getByRole("button", { name: "Open chat" }).click();
  await expect(page).toHaveURL(/\/groups\?group=\d+/);
  const chat = new GroupsScreen(page);
  await chat.send("Bringing marshmallows");

  const hostChat = new GroupsScreen(host.page);
  await hostChat.openChat("Dune Bonfire", "Bringing marshmallows");
});
