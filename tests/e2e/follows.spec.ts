import { uniqueToken } from "../../src/server/test/people";
import { createEvent, expect, shotBothThemes, test } from "./fixtures";
import { DiscoverScreen } from "./pages/discover";

// Following people: a follow on a host's profile brings their next event as a notification and into the
// deck with the reason "From someone you follow".

test("following a host brings their next event, in the notifications and the deck with its reason", async ({
  page,
  user: _,
  newPerson,
}) => {
  const host = await newPerson({ fullName: "Hana Harbour" });
  await page.goto(`/users/${host.account.id}`);
  const follow = page.getByRole("button", { name: "Follow" });
  await expect(page.getByTestId("follower-count")).toHaveText("0 followers");
  await follow.click();
  await expect(page.getByRole("button", { name: "Following" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("follower-count")).toHaveText("1 follower");
  await shotBothThemes(page, "profile-following", async () => {
    await page.reload();
    await expect(page.getByRole("button", { name: "Following" })).toBeVisible();
  });

  const token = uniqueToken("swim");
  const title = `Lagoon swim ${token}`;
  await createEvent(host.page.request, host.account.id, {
    title,
    date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    friendGroupId: "all",
  });

  await page.goto("/notifications");
  await expect(page.getByText(`Hana Harbour is hosting ${title}`)).toBeVisible();

  const discover = new DiscoverScreen(page);
  await discover.open(token);
  await expect(discover.card.getByText(title)).toBeVisible();
  await expect(discover.card.getByText("From someone you follow")).toBeVisible();
  await shotBothThemes(page, "deck-followed-reason", async () => {
    await discover.open(token);
    await expect(discover.card.getByText("From someone you follow")).toBeVisible();
  });

  // Unfollowing is one tap away on the same button.
  await page.goto(`/users/${host.account.id}`);
  await page.getByRole("button", { name: "Following" }).click();
  await expect(page.getByTestId("follower-count")).toHaveText("0 followers");
});
