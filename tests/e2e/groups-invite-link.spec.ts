import { expectAccessible } from "./axe";
import { createGroup, expect, shot, test } from "./fixtures";

const clipboard = { permissions: ["clipboard-read", "clipboard-write"] };

test("A public group has an invite link for its admin, behind the card's Invite and 'Invite Friend'; members see none", async ({
  newPerson,
  serverURL,
}) => {
  const admin = await newPerson({ fullName: "Alice Archer" }, clipboard);
  const member = await newPerson({ fullName: "Bob Baker" });
  const group = await createGroup(admin.context.request, { name: "Open Runners", isPrivate: false });
  expect(group.inviteCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
  expect((await member.context.request.post(`/api/group-invite/${group.inviteCode}/join`)).status()).toBe(200);

  await test.step("the admin's card has Invite: the link to share, and the e-mail form", async () => {
    await admin.page.goto("/groups");
    await admin.page.getByRole("button", { name: "Invite friends to Open Runners" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Invite friends", exact: true });
    await expect(dialog).toContainText("Share the link to Open Runners, or send an e-mail.");
    await expect(dialog.getByRole("textbox", { name: "Invite link" })).toHaveValue(
      `${serverURL}/invite/${group.inviteCode}`,
    );
    await expect(dialog.getByLabel("Email")).toBeVisible();
    await expectAccessible(admin.page, "invite friends dialog");
    await shot(admin.page, "invite-dialog");
    await admin.page.keyboard.press("Escape");
  });

  await test.step("'Invite Friend' with the group selected offers its link too", async () => {
    await admin.page.getByText("Open Runners").first().click();
    await admin.page.getByRole("button", { name: "Invite Friend", exact: true }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Invite friends", exact: true });
    await expect(dialog.getByRole("textbox", { name: "Invite link" })).toHaveValue(
      `${serverURL}/invite/${group.inviteCode}`,
    );
    await admin.page.keyboard.press("Escape");
  });

  await test.step("a plain member has no Invite on the card and no link", async () => {
    await member.page.goto("/groups");
    await expect(member.page.getByText("Open Runners").first()).toBeVisible();
    await expect(member.page.getByRole("button", { name: "Invite friends to Open Runners" })).toHaveCount(0);
    await member.page.getByRole("button", { name: "Invite Friend", exact: true }).click();
    const dialog = member.page.getByRole("dialog", { name: "Invite a Friend" });
    await expect(dialog.getByRole("textbox", { name: "Invite link" })).toHaveCount(0);
    await expect(dialog.getByLabel("Email")).toBeVisible();
  });
});
