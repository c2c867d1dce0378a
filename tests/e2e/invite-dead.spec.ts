import { createGroup, expect, shot, test } from "./fixtures";

// The expired state cannot be produced through the API (the shortest expiry is one hour); the
// component test src/client/features/invites/invite-page.test.tsx covers it.
test("used-up invite, unknown code and an existing member on the invite page", async ({ page, newPerson, signUp }) => {
  const admin = (await newPerson({ fullName: "Ada Admin" })).context.request;
  const group = await createGroup(admin, { name: "Night Owls", description: "Late chats", isPrivate: true });
  const minted = await admin.post(`/api/groups/${group.id}/invites`, { data: { expiresInHours: 1, maxUses: 1 } });
  expect(minted.status()).toBe(201);
  const code = ((await minted.json()) as { code: string }).code;
  const first = (await newPerson({ fullName: "Finn First" })).context.request;
  expect((await first.post(`/api/group-invite/${code}/join`)).status()).toBe(200);

  await test.step("a visitor sees the used-up text and no Join", async () => {
    await page.goto(`/invite/${code}`);
    await expect(page.getByText("Night Owls")).toBeVisible();
    // How often a link was used is its admins' business: the invited person does not see it.
    await expect(page.getByText("1 / 1 uses")).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveText("This invite has reached its usage limit");
    await expect(page.getByRole("button", { name: /Join/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel" })).toBeVisible();
  });

  await test.step("a signed-in non-member sees the same, and the server refuses them too", async () => {
    await signUp(page.request, { fullName: "Nora Newcomer" });
    await page.reload();
    await expect(page.getByRole("alert")).toHaveText("This invite has reached its usage limit");
    await expect(page.getByRole("button", { name: /Join/ })).toHaveCount(0);
    await shot(page, "used-up");
    expect((await page.request.post(`/api/group-invite/${code}/join`)).status()).toBe(410);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step("an unknown code toasts 'Invite Not Found'", async () => {
    await page.goto("/invite/no-such-code");
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Invite Not Found");
    await expect(toast).toContainText("This invite link is invalid, expired, or has reached its usage limit.");
    await shot(page, "not-found");
  });

  await test.step("a member opening a used-up link is told so and opens the group", async () => {
    await page.request.post("/api/logout");
    await signUp(page.request, { fullName: "Mia Member" });
    const live = await admin.post(`/api/groups/${group.id}/invites`, { data: { expiresInHours: 1, maxUses: 1 } });
    const liveCode = ((await live.json()) as { code: string }).code;
    expect((await page.request.post(`/api/group-invite/${liveCode}/join`)).status()).toBe(200);

    // The first link is used up, yet it concerns Mia no more: she is in.
    await page.goto(`/invite/${code}`);
    await expect(page.getByRole("status").filter({ hasText: "You're already a member" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Join/ })).toHaveCount(0);
    await shot(page, "member");
    await page.getByRole("button", { name: "Open group" }).click();
    await expect(page).toHaveURL(new RegExp(`/groups\\?group=${group.id}$`));
    await expect(page.getByRole("tab", { name: "Chat" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Night Owls").first()).toBeVisible();
  });
});
