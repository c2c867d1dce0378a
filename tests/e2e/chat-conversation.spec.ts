import { createGroup, expect, shot, shotBothThemes, test } from "./fixtures";
import { GroupsScreen } from "./pages/groups";

test("on a phone a conversation fills the screen, runs share one name, Report is in a message's menu, others see who is typing", async ({
  newPerson,
}) => {
  test.setTimeout(90_000);
  const a = await newPerson({ fullName: "Ana Alvarez" });
  const b = await newPerson({ fullName: "Ben Brooks" });
  const group = await createGroup(a.context.request, { name: "Sunday Runners", isPrivate: true });
  expect((await b.context.request.post(`/api/group-invite/${group.inviteCode}/join`)).ok()).toBe(true);
  const [chatA, chatB] = [new GroupsScreen(a.page), new GroupsScreen(b.page)];

  await test.step("opened from My Groups, the conversation covers the bottom bar; Back returns to the list", async () => {
    await a.page.goto("/groups");
    await a.page
      .getByTestId("group-card")
      .filter({ hasText: "Sunday Runners" })
      .getByRole("button", { name: "Chat" })
      .click();
    await expect(a.page.getByText("Live")).toBeVisible({ timeout: 15_000 });
    const chat = a.page.getByRole("region", { name: "Chat in Sunday Runners" });
    expect(await chat.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    // The composer is the topmost thing where the bottom bar sits: nothing hides under it.
    const composer = await chatA.composer.boundingBox();
    expect(composer && composer.y + composer.height).toBeLessThanOrEqual(844);
    const onTop = await a.page.evaluate(() =>
      document.elementFromPoint(195, 820)?.closest("section")?.getAttribute("aria-label"),
    );
    expect(onTop).toBe("Chat in Sunday Runners");
    await chatA.backToList();
    await expect(a.page.getByTestId("group-card")).toBeVisible();
    // The phone's own Back does the same.
    await a.page.getByTestId("group-card").getByRole("button", { name: "Chat" }).click();
    await expect(a.page).toHaveURL(new RegExp(`/groups\\?group=${group.id}$`));
    await a.page.goBack();
    await expect(a.page.getByRole("tab", { name: "My Groups" })).toHaveAttribute("aria-selected", "true");
    await expect(a.page.getByRole("button", { name: "Back to groups" })).toHaveCount(0);
    await a.page.goto(`/groups?group=${group.id}`);
    await expect(a.page.getByText("Live")).toBeVisible({ timeout: 15_000 });
  });

  await test.step('B sees "Ana Alvarez is typing…" while A writes, and it goes when the message arrives', async () => {
    await b.page.goto(`/groups?group=${group.id}`);
    await expect(b.page.getByText("Live")).toBeVisible({ timeout: 15_000 });
    await chatA.composer.pressSequentially("morning all");
    await expect(b.page.getByTestId("chat-typing")).toHaveText("Ana Alvarez is typing…");
    await shot(b.page, "typing");
    await chatA.composer.press("Enter");
    await expect(chatB.messages).toContainText("morning all");
    await expect(b.page.getByTestId("chat-typing")).toHaveText("");
  });

  await test.step("A's messages in a row share one name and time; Report is in the message's menu", async () => {
    await chatA.send("5k at 8?");
    await chatA.send("meet at the fountain");
    await expect(b.page.getByTestId("chat-message")).toHaveCount(3);
    await expect(b.page.locator("[data-testid=chat-message][data-first-of-run]")).toHaveCount(1);
    await expect(b.page.getByTestId("chat-message").first()).toContainText("Ana Alvarez");
    await expect(b.page.getByTestId("chat-message").nth(1).locator("time")).toHaveCount(0);
    await expect(b.page.getByRole("button", { name: "Report message from Ana Alvarez" })).toHaveCount(0);
    await b.page.getByRole("button", { name: "More for the message from Ana Alvarez" }).last().click();
    await b.page.getByRole("menuitem", { name: "Report" }).click();
    await expect(b.page.getByRole("dialog", { name: "Report this message" })).toBeVisible();
    await b.page.keyboard.press("Escape");
    await shotBothThemes(b.page, "conversation", async () => {
      await b.page.reload();
      await expect(b.page.getByTestId("chat-message")).toHaveCount(3);
    });
  });
});
