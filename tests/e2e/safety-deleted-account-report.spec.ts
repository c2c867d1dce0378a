import { expectAccessible } from "./axe";
import { expect, shot, signInAsDemo, startInTheme, test, uniqueToken } from "./fixtures";

/**
 * A report outlives the account it is about: the reported person deletes their account, the moderator
 * (alex, the demo's) still sees the report as "Deleted account" with its reason and details, and sees it
 * when the same e-mail address registers again; the report stays when its author deletes their account too.
 */
test("a report about a deleted account stays on /admin and flags the address coming back", async ({
  browser,
  newPerson,
  signUp,
}) => {
  test.setTimeout(90_000);
  const email = `harasser_${uniqueToken("r")}@example.com`;
  const harasser = await newPerson({ fullName: "Harald Gone", email });
  const victim = await newPerson({ fullName: "Vicky Reporter" });
  const details = `Harald sends me threats ${uniqueToken("r")}`;

  await test.step("the victim reports the person, who then deletes the account", async () => {
    const filed = await victim.context.request.post("/api/reports", {
      data: { targetType: "user", targetId: harasser.account.id, reason: "harassment", details },
    });
    expect(filed.status()).toBe(201);
    const deleted = await harasser.context.request.delete("/api/account", {
      data: { password: harasser.account.password },
    });
    expect(deleted.status()).toBe(200);
  });

  const context = await browser.newContext();
  await startInTheme(context, "dark");
  await signInAsDemo(context.request, "alex");
  const admin = await context.newPage();

  await test.step("the moderator sees the report about a deleted account, details kept", async () => {
    await admin.goto("/admin");
    // A busy machine can take longer than the default 5 s to load the app the first time.
    await expect(admin.getByRole("heading", { name: "Moderation" })).toBeVisible({ timeout: 20_000 });
    const card = admin.getByTestId("admin-report").filter({ hasText: details });
    await expect(card).toContainText("Person · Harassment or bullying");
    await expect(card).toContainText("Reported by Vicky Reporter");
    await expect(card.getByTestId("deleted-subject")).toContainText("Deleted account");
    await expect(card).not.toContainText("Harald Gone");
    await expect(card).not.toContainText(email);
    await expect(card.getByRole("button", { name: "Suspend account" })).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await shot(admin, "deleted-account-dark");
    await expectAccessible(admin, "/admin with a deleted account, dark");
  });

  await test.step("the same address registers again: the card names the new account", async () => {
    const again = await browser.newContext();
    await signUp(again.request, { fullName: "Harry Again", email: email.toUpperCase() });
    await again.close();
    await admin.reload();
    const card = admin.getByTestId("admin-report").filter({ hasText: details });
    await expect(card).toContainText("Same e-mail registered again as Harry Again");
    await card.scrollIntoViewIfNeeded();
    await shot(admin, "same-address-dark");
  });

  await test.step("the reporter deletes their account too: the report stays, from a deleted account", async () => {
    const gone = await victim.context.request.delete("/api/account", { data: { password: victim.account.password } });
    expect(gone.status()).toBe(200);
    await admin.reload();
    const card = admin.getByTestId("admin-report").filter({ hasText: details });
    await expect(card).toContainText("Reported by Deleted account");
    await expect(card).not.toContainText("Vicky Reporter");
  });
  await context.close();
});
