import { registerPayload } from "../../src/server/test/people";
import { createGroup, expect, shot, test } from "./fixtures";
import { AuthScreen } from "./pages/auth";

// An invite link is an access grant, so an invited friend needs no early-access code. A visitor with no early-access code follows
// it, registers on the sign-in card the invite leads to, and lands in the group.
test("a visitor without a code follows an invite link, registers and lands in the group", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(60_000);
  const groupName = `Harbor Swimmers ${Math.floor(Math.random() * 1e4)}`;

  // The host has an account and a private group with its invite link.
  const host = (await newPerson({ fullName: "Hana Host" })).context.request;
  const group = await createGroup(host, { name: groupName, description: "Cold water at dawn", isPrivate: true });

  // The visitor's browser has never seen the gate: no grant cookie, no session.
  const visitor = registerPayload({ fullName: "Vera Visitor" });
  const auth = new AuthScreen(page);

  await test.step("the invite page's button says what it does: Join <group>", async () => {
    await page.goto(`/invite/${group.inviteCode}`);
    await expect(page.getByRole("heading", { name: groupName })).toBeVisible();
    await shot(page, "invite-visitor");
    await page.getByRole("button", { name: `Join ${groupName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=/invite/${group.inviteCode}$`));
  });

  await test.step("Create account comes first, no access code asked", async () => {
    await expect(auth.card).toBeVisible();
    await expect(auth.createAccountTab).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Your invite lets you in: no access code needed.")).toBeVisible();
    await expect(page.getByText("Have an early access code?")).toHaveCount(0);
    await expect(auth.gate).toHaveCount(0);
    await auth.fillRegistration(visitor, visitor.password);
    await shot(page, "invite-register");
    await page.getByRole("button", { name: "Create Account" }).click();
  });

  await test.step("registered, the new member lands in the group", async () => {
    await expect(page).toHaveURL(new RegExp(`/groups\\?group=${group.id}$`));
    await expect(page.getByTestId("toast")).toContainText(`You joined ${groupName}`);
    await expect(page.getByRole("heading", { name: groupName })).toBeVisible();
    await shot(page, "invite-landed");
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
});
