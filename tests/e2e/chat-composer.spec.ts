import { createGroup, expect, shot, test } from "./fixtures";
import { GroupsScreen } from "./pages/groups";

test("the composer never eats text: the box empties at once, a held message shows Sending…, a failed one offers Retry", async ({
  page,
  user,
}) => {
  test.setTimeout(60_000);
  const group = await createGroup(page.request, { name: "Composer Crew" });
  const chat = new GroupsScreen(page);

  // The first send is held by a slow network until released; later ones pass.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let posts = 0;
  await page.route("**/api/chat/messages", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts += 1;
    if (posts === 1) await held;
    if (posts === 3) return route.fulfill({ status: 503, json: { message: "Service Unavailable" } });
    return route.continue();
  });

  await page.goto(`/groups?group=${group.id}`);
  await expect(page.getByText("Live")).toBeVisible();

  await test.step("typing the next message while the first is held loses nothing", async () => {
    await chat.composer.pressSequentially("see you at 7");
    await chat.composer.press("Enter");
    await expect(chat.composer).toHaveValue("");
    const outgoing = page.getByTestId("chat-message-outgoing");
    await expect(outgoing).toHaveCount(1);
    await expect(outgoing.first()).toContainText("see you at 7");
    await expect(outgoing.first()).toContainText("Sending…");
    // Typed key by key while the first is still on its way.
    await chat.composer.pressSequentially("quick 2");
    await expect(chat.composer).toHaveValue("quick 2");
    await chat.composer.press("Enter");
    await expect(chat.composer).toHaveValue("");
    await expect(outgoing).toHaveCount(2);
    await shot(page, "sending");
    release();
    await expect(outgoing).toHaveCount(0);
    await expect(page.getByTestId("chat-message")).toHaveText([/see you at 7/, /quick 2/]);
    // Two in a row from one person: one name and time above both.
    await expect(page.locator("[data-testid=chat-message][data-first-of-run]")).toHaveCount(1);
  });

  await test.step("a failed send offers Retry without touching what is being typed", async () => {
    await chat.composer.fill("are we still on?");
    await chat.composer.press("Enter");
    const failed = page.getByTestId("chat-message-outgoing");
    await expect(failed).toContainText("Not sent: Failed to send message");
    await chat.composer.pressSequentially("half a thought");
    await shot(page, "failed");
    await page.getByRole("button", { name: 'Retry sending "are we still on?"' }).click();
    await expect(failed).toHaveCount(0);
    await expect(page.getByTestId("chat-message")).toHaveText([/see you at 7/, /quick 2/, /are we still on\?/]);
    await expect(chat.composer).toHaveValue("half a thought");
  });

  // Stored once each, in the order written.
  const stored = (await (await page.request.get(`/api/chat/messages/${group.id}`)).json()) as {
    userId: number;
    message: string;
  }[];
  expect(stored.map((m) => [m.userId, m.message])).toEqual([
    [user.id, "see you at 7"],
    [user.id, "quick 2"],
    [user.id, "are we still on?"],
  ]);
});
