import { BLOCK_TEXTS } from "@contract/safety";
import { createGroup, expect, shot, test } from "./fixtures";

/**
 * Blocking does what its dialog says: in a group chat both people stay members, so the blocker sees the
 * other's messages folded behind a placeholder, in the history and as they arrive live, and may show one.
 */
test("in a shared group chat, a blocked person's messages are folded for the blocker, old and live", async ({
  newPerson,
}) => {
  test.setTimeout(90_000);
  const vera = await newPerson({ fullName: "Vera Blocker" });
  const mo = await newPerson({ fullName: "Mo Blocked" });
  const group = await createGroup(vera.context.request, { name: "Book Club" });
  expect((await mo.context.request.post(`/api/group-invite/${group.inviteCode}/join`)).status()).toBe(200);
  const say = async (message: string) =>
    expect(
      (await mo.context.request.post("/api/chat/messages", { data: { groupId: group.id, message } })).status(),
    ).toBe(201);
  await say("Chapter three was long");

  await test.step("Vera blocks Mo from his profile; the dialog says what a block does", async () => {
    await vera.page.goto(`/users/${mo.account.id}`);
    await vera.page.getByRole("button", { name: "More actions for Mo Blocked" }).click();
    await vera.page.getByRole("menuitem", { name: "Block" }).click();
    const dialog = vera.page.getByRole("alertdialog");
    await expect(dialog).toContainText(BLOCK_TEXTS.confirm);
    await shot(vera.page, "block-dialog");
    await dialog.getByRole("button", { name: "Block" }).click();
    await expect(vera.page.getByTestId("toast")).toContainText("Mo Blocked is blocked");
  });

  await test.step("the chat's history folds Mo's message; a new one arrives folded too", async () => {
    await vera.page.goto(`/groups?group=${group.id}`);
    const folded = vera.page.getByTestId("chat-message-blocked");
    await expect(folded).toHaveCount(1, { timeout: 20_000 });
    await expect(folded.first()).toContainText(BLOCK_TEXTS.hiddenMessage);
    await expect(vera.page.getByText("Chapter three was long")).toHaveCount(0);
    await expect(vera.page.getByText("Live")).toBeVisible();

    await say("Did you finish it?");
    await expect(folded).toHaveCount(2, { timeout: 5000 });
    await expect(vera.page.getByText("Did you finish it?")).toHaveCount(0);
    await expect(vera.page.getByText("Mo Blocked")).toHaveCount(0);
    await shot(vera.page, "chat-blocked-folded");

    // Show opens that one message only.
    await folded.last().getByRole("button", { name: BLOCK_TEXTS.show }).click();
    await expect(vera.page.getByText("Did you finish it?")).toBeVisible();
    await expect(vera.page.getByText("Chapter three was long")).toHaveCount(0);
  });

  await test.step("Mo, not told, still reads the chat as before", async () => {
    await mo.page.goto(`/groups?group=${group.id}`);
    await expect(mo.page.getByText("Did you finish it?")).toBeVisible({ timeout: 20_000 });
    await expect(mo.page.getByTestId("chat-message-blocked")).toHaveCount(0);
  });
});
