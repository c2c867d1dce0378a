import { expect, test } from "@playwright/test";
import { grantAccess } from "./access-grant";

const shots = process.env.SCREENSHOTS === "1";

test("A connects to B, B accepts, both see each other under Friends", async ({ browser }) => {
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = {
    fullName: "Ana Connect",
    username: `ana${suffix}`,
    email: `ana${suffix}@example.com`,
    password: "secret123",
  };
  const b = {
    fullName: "Ben Accept",
    username: `ben${suffix}`,
    email: `ben${suffix}@example.com`,
    password: "secret123",
  };
  const aId = (await (await (await grantAccess(ctxA.request)).post("/api/register", { data: a })).json()).id as number;
  const bId = (await (await (await grantAccess(ctxB.request)).post("/api/register", { data: b })).json()).id as number;

  const pageA = await ctxA.newPage();
  await pageA.goto(`/users/${bId}`);
  await pageA.getByRole("button", { name: "Connect" }).click();
  await expect(pageA.getByRole("button", { name: "Requested" })).toBeDisabled();

  const pageB = await ctxB.newPage();
  await pageB.goto("/profile");
  await pageB.getByRole("tab", { name: "Friends" }).click();
  const requests = pageB.getByRole("region", { name: "Friend requests" });
  await expect(requests.getByText("Ana Connect")).toBeVisible();
  if (shots) await pageB.screenshot({ path: "/tmp/shot-profile-requests.png", fullPage: true });
  await requests.getByRole("button", { name: "Accept" }).click();
  const friendsB = pageB.getByRole("region", { name: "Friends" });
  await expect(friendsB.getByRole("link", { name: /Ana Connect/ })).toHaveAttribute("href", `/users/${aId}`);
  await expect(requests).toHaveCount(0);

  await pageA.goto("/profile");
  await pageA.getByRole("tab", { name: "Friends" }).click();
  const friendsA = pageA.getByRole("region", { name: "Friends" });
  await expect(friendsA.getByRole("link", { name: /Ben Accept/ })).toHaveAttribute("href", `/users/${bId}`);
  await expect(friendsA.getByText(`@${b.username}`)).toBeVisible();
  if (shots) await pageA.screenshot({ path: "/tmp/shot-profile-friends.png", fullPage: true });

  await pageA.goto(`/users/${bId}`);
  await expect(pageA.getByRole("button", { name: "Friends" })).toBeDisabled();

  // Message opens the private two-member conversation in Groups.
  await pageA.getByRole("button", { name: "Message" }).click();
  await expect(pageA).toHaveURL(/\/groups\?group=\d+$/);

  await ctxA.close();
  await ctxB.close();
});
