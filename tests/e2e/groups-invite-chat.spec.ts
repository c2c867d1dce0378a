import { type Browser, expect, type Page, test } from "@playwright/test";
import { grantAccess } from "./access-grant";

const shots = process.env.SCREENSHOTS === "1";
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function newUserPage(browser: Browser, baseURL: string, name: string) {
  const context = await browser.newContext({ baseURL, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  const s = suffix();
  const user = {
    fullName: name,
    username: `${name.toLowerCase().split(" ")[0]}${s}`,
    email: `${s}@example.com`,
    password: "secret123",
  };
  return { context, page, user };
}

test("A creates a private group, B joins by link through sign-in, they chat and vote live", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const a = await newUserPage(browser, baseURL as string, "Alice Archer");
  const b = await newUserPage(browser, baseURL as string, "Bob Baker");
  const toastA = a.page.getByTestId("toast");
  const toastB = b.page.getByTestId("toast");
  let inviteLink = "";

  await test.step("A registers and creates a private group", async () => {
    expect((await (await grantAccess(a.page.request)).post("/api/register", { data: a.user })).status()).toBe(201);
    await a.page.goto("/groups");
    await a.page.getByRole("button", { name: "New Group" }).click();
    await a.page.getByRole("button", { name: "Create Group" }).click();
    await expect(a.page.getByText("Group name is required")).toBeVisible();
    await a.page.getByLabel("Group name").fill("Trail Crew");
    await a.page.getByLabel("Description").fill("Weekend hikes and coffee");
    await a.page.getByRole("switch", { name: "Private group" }).click();
    if (shots) await a.page.screenshot({ path: "/tmp/groups-new-dialog.png" });
    await a.page.getByRole("button", { name: "Create Group" }).click();
    await expect(toastA).toContainText("Private group created!");
    const link = a.page.getByRole("textbox", { name: "Invite link" });
    await expect(link).toHaveValue(new RegExp(`^${baseURL}/invite/[A-Za-z0-9_-]+$`));
    await a.page.getByRole("button", { name: "Copy invite link" }).click();
    await expect(a.page.getByRole("button", { name: "Copy invite link" })).toContainText("Copied");
    inviteLink = await a.page.evaluate(() => navigator.clipboard.readText());
    expect(inviteLink).toBe(await link.inputValue());
    if (shots) await a.page.screenshot({ path: "/tmp/groups-my-groups.png" });
  });

  await test.step("B, signed out, opens the link and signs in through the redirect", async () => {
    // B's account exists, but B's browser has no session.
    const api = await b.context.request;
    const created = await (await grantAccess(api)).post("/api/register", { data: b.user });
    expect(created.status()).toBe(201);
    await api.post("/api/logout");
    await b.page.goto(inviteLink);
    await expect(b.page.getByText("Trail Crew")).toBeVisible();
    await expect(b.page.getByText("Weekend hikes and coffee")).toBeVisible();
    await expect(b.page.getByText("1 member")).toBeVisible();
    await expect(b.page.getByText("0 / 50 uses")).toBeVisible();
    await expect(b.page.getByRole("navigation")).toHaveCount(0);
    if (shots) await b.page.screenshot({ path: "/tmp/invite-visitor.png" });
    await b.page.getByRole("button", { name: "Sign In & Join Group" }).click();
    await expect(b.page).toHaveURL(/\/auth\?redirect=\/invite\//);
    // The invite is B's access grant (issue 12.3): the sign-in card comes without the code gate.
    await expect(b.page.getByText("Your invite lets you in: no access code needed.")).toBeVisible();
    await expect(b.page.getByLabel("Access code")).toHaveCount(0);
    await b.page.getByLabel("Full Name").fill(b.user.fullName);
    await b.page.getByLabel("Email").fill(b.user.email);
    await b.page.getByLabel("Username").fill(b.user.username);
    await b.page.getByLabel("Password", { exact: true }).fill(b.user.password);
    await b.page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(b.page).toHaveURL(inviteLink);
    if (shots) await b.page.screenshot({ path: "/tmp/invite-signed-in.png" });
    await b.page.getByRole("button", { name: "Join Group" }).click();
    await expect(toastB).toContainText("Success! You've joined the group");
    await expect(b.page).toHaveURL(/\/groups/);
  });

  await test.step("A and B see each other's messages within a second, without reloading", async () => {
    await openChat(a.page);
    await openChat(b.page);
    await send(a.page, "Hi Bob, welcome!");
    await expect(b.page.getByTestId("chat-messages")).toContainText("Hi Bob, welcome!", { timeout: 1000 });
    await send(b.page, "Thanks Alice!");
    await expect(a.page.getByTestId("chat-messages")).toContainText("Thanks Alice!", { timeout: 1000 });
    // Blank text is never sent.
    await b.page.getByLabel("Message", { exact: true }).fill("   ");
    await b.page.getByLabel("Message", { exact: true }).press("Enter");
    await expect(b.page.getByTestId("chat-message")).toHaveCount(2);
    await expect(a.page.getByTestId("chat-message").last()).toContainText("Bob Baker");
    if (shots) await a.page.screenshot({ path: "/tmp/groups-chat.png" });
  });

  await test.step("B's vote on a group event updates A's count live", async () => {
    await a.page.getByRole("tab", { name: "My Groups" }).click();
    await a.page.getByRole("button", { name: "Plan Event" }).click();
    await a.page.getByRole("button", { name: "Create Event" }).click();
    await expect(a.page.getByText("Event title is required")).toBeVisible();
    await a.page.getByLabel("Title").fill("Sunrise hike");
    await a.page.getByRole("button", { name: "Create Event" }).click();
    await expect(toastA).toContainText("Event created!");
    await expect(a.page.getByRole("tab", { name: "Vote on Events" })).toHaveAttribute("aria-selected", "true");
    const aCount = a.page.getByTestId("count-yes");
    await expect(aCount).toHaveText("0");
    if (shots) await a.page.screenshot({ path: "/tmp/groups-vote.png" });

    await b.page.getByRole("tab", { name: "My Groups" }).click();
    await b.page.getByRole("button", { name: "Plan Event" }).click();
    await b.page.getByRole("tab", { name: "Vote on Events" }).click();
    await b.page.getByTestId("vote-yes").click();
    await expect(b.page.getByTestId("count-yes")).toHaveText("1");
    await expect(aCount).toHaveText("1", { timeout: 1000 });
  });

  await a.context.close();
  await b.context.close();
});

async function openChat(page: Page) {
  await page.getByRole("tab", { name: "Chat" }).click();
  await expect(page.getByText("Live")).toBeVisible();
}

async function send(page: Page, text: string) {
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByLabel("Message", { exact: true }).press("Enter");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
}
