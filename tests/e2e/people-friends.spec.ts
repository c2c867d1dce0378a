import { expect, shot, test } from "./fixtures";
import { ProfileScreen } from "./pages/profile";

test("A connects to B, B accepts, both see each other under Friends", async ({ newPerson }) => {
  const { account: a, page: pageA } = await newPerson({ fullName: "Ana Connect" });
  const { account: b, page: pageB } = await newPerson({ fullName: "Ben Accept" });
  const [aId, bId] = [a.id, b.id];
  const profileA = new ProfileScreen(pageA);
  const profileB = new ProfileScreen(pageB);

  await profileA.openUser(bId);
  await pageA.getByRole("button", { name: "Connect" }).click();
  await expect(pageA.getByRole("button", { name: "Requested" })).toBeDisabled();

  await profileB.openFriends();
  const requests = profileB.region("Friend requests");
  await expect(requests.getByText("Ana Connect")).toBeVisible();
  await shot(pageB, "requests", { fullPage: true });
  await requests.getByRole("button", { name: "Accept" }).click();
  const friendsB = profileB.region("Friends");
  await expect(friendsB.getByRole("link", { name: /Ana Connect/ })).toHaveAttribute("href", `/users/${aId}`);
  await expect(requests).toHaveCount(0);

  await profileA.openFriends();
  const friendsA = profileA.region("Friends");
  await expect(friendsA.getByRole("link", { name: /Ben Accept/ })).toHaveAttribute("href", `/users/${bId}`);
  await expect(friendsA.getByText(`@${b.username}`)).toBeVisible();
  await shot(pageA, "friends", { fullPage: true });

  await profileA.openUser(bId);
  await expect(pageA.getByRole("button", { name: "Friends" })).toBeDisabled();

  // Message opens the private two-member conversation in Groups.
  await pageA.getByRole("button", { name: "Message" }).click();
  await expect(pageA).toHaveURL(/\/groups\?group=\d+$/);
});
