import { expect, test } from "@playwright/test";
import { grantAccess } from "./access-grant";

const shotDir = process.env.SHOT_DIR;

// Issue 12.3 / 9.14: an invite link is an access grant. A visitor with no early-access code follows
// it, registers on the sign-in card the invite leads to, and lands in the group.
test("a visitor without a code follows an invite link, registers and lands in the group", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const s = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const groupName = `Harbor Swimmers ${s.slice(-4)}`;

  // The host has an account and a private group with its invite link.
  const hostContext = await browser.newContext({ baseURL });
  const host = hostContext.request;
  const hostUser = {
    fullName: "Hana Host",
    username: `hana${s}`,
    email: `hana${s}@example.com`,
    password: "secret123",
  };
  expect((await (await grantAccess(host)).post("/api/register", { data: hostUser })).status()).toBe(201);
  const created = await host.post("/api/groups", {
    data: { name: groupName, description: "Cold water at dawn", isPrivate: true },
  });
  expect(created.status()).toBe(201);
  const group = (await created.json()) as { id: number; inviteCode: string };

  // The visitor's browser has never seen the gate: no grant cookie, no session.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const visitor = {
    fullName: "Vera Visitor",
    username: `vera${s}`,
    email: `vera${s}@example.com`,
    password: "secret123",
  };

  await test.step("the invite page offers Sign In & Join Group", async () => {
    await page.goto(`/invite/${group.inviteCode}`);
    await expect(page.getByText(groupName)).toBeVisible();
    if (shotDir) await page.screenshot({ path: `${shotDir}/invite-visitor.png` });
    await page.getByRole("button", { name: "Sign In & Join Group" }).click();
    await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=/invite/${group.inviteCode}$`));
  });

  await test.step("the sign-in card comes directly, no access code asked", async () => {
    await expect(page.getByText("Connect with friends and professionals")).toBeVisible();
    await expect(page.getByText("Your invite lets you in: no access code needed.")).toBeVisible();
    await expect(page.getByText("Have an early access code?")).toHaveCount(0);
    await expect(page.getByLabel("Access code")).toHaveCount(0);
    await page.getByRole("tab", { name: "Register" }).click();
    await page.getByLabel("Full Name").fill(visitor.fullName);
    await page.getByLabel("Username").fill(visitor.username);
    await page.getByLabel("Email").fill(visitor.email);
    await page.getByLabel("Password", { exact: true }).fill(visitor.password);
    await page.getByLabel("Confirm Password").fill(visitor.password);
    if (shotDir) await page.screenshot({ path: `${shotDir}/invite-register.png` });
    await page.getByRole("button", { name: "Create Account" }).click();
  });

  await test.step("registered, the new member lands in the group", async () => {
    await expect(page).toHaveURL(new RegExp(`/groups\\?group=${group.id}$`));
    await expect(page.getByTestId("toast")).toContainText(`You joined ${groupName}`);
    await expect(page.getByRole("heading", { name: groupName })).toBeVisible();
    if (shotDir) await page.screenshot({ path: `${shotDir}/invite-landed.png` });
    // API check: the visitor is a member, seen by the host, and the invite counted one use.
    const me = (await (await page.request.get("/api/user")).json()) as { id: number; username: string };
    expect(me.username).toBe(visitor.username);
    const members = (await (await host.get(`/api/groups/${group.id}/members`)).json()) as Array<{
      id?: number;
      userId?: number;
      username?: string;
    }>;
    expect(members.map((m) => m.id ?? m.userId)).toContain(me.id);
    const invite = (await (await page.request.get(`/api/group-invite/${group.inviteCode}`)).json()) as {
      isMember: boolean;
      invite: { currentUses: number };
    };
    expect(invite.isMember).toBe(true);
    expect(invite.invite.currentUses).toBe(1);
  });

  await hostContext.close();
  await context.close();
});
