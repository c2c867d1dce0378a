import { expect, shot, test } from "./fixtures";
import { AuthScreen } from "./pages/auth";
import { GroupsScreen } from "./pages/groups";

const clipboard = { permissions: ["clipboard-read", "clipboard-write"] };

test("A creates a private group, B joins by link through sign-in, they chat and vote live", async ({
  newPerson,
  serverURL,
}) => {
  test.setTimeout(60_000);
  const a = await newPerson({ fullName: "Alice Archer" }, clipboard);
  const b = await newPerson({ fullName: "Bob Baker" }, clipboard);
  const toastA = a.page.getByTestId("toast");
  const toastB = b.page.getByTestId("toast");
  let inviteLink = "";

  await test.step("A registers and creates a private group", async () => {
    await a.page.goto("/groups");
    await a.page.getByRole("button", { name: "New Group" }).click();
    await a.page.getByRole("button", { name: "Create Group" }).click();
    await expect(a.page.getByText("Group name is required")).toBeVisible();
    await a.page.getByLabel("Group name").fill("Trail Crew");
    await a.page.getByLabel("Description").fill("Weekend hikes and coffee");
    await a.page.getByRole("switch", { name: "Private group" }).click();
    await shot(a.page, "new-dialog");
    await a.page.getByRole("button", { name: "Create Group" }).click();
    await expect(toastA).toContainText("Private group created!");
    // Creating a group ends on inviting people to it: its link to share, or an e-mail.
    const invite = a.page.getByRole("dialog", { name: "Invite friends" });
    await expect(invite).toContainText("Trail Crew is ready. Share its link, or send an e-mail.");
    const link = invite.getByRole("textbox", { name: "Invite link" });
    await expect(link).toHaveValue(new RegExp(`^${serverURL}/invite/[A-Za-z0-9_-]+$`));
    await invite.getByRole("button", { name: "Copy invite link" }).click();
    await expect(invite.getByRole("button", { name: "Copy invite link" })).toContainText("Copied");
    inviteLink = await a.page.evaluate(() => navigator.clipboard.readText());
    expect(inviteLink).toBe(await link.inputValue());
    await expect(invite.getByRole("button", { name: "Send Invitation" })).toBeVisible();
    await shot(a.page, "invite-friends");
    await a.page.keyboard.press("Escape");
    await shot(a.page, "my-groups");
  });

  await test.step("B, signed out, opens the link and signs in through the redirect", async () => {
    // B's account exists, but B's browser has no session.
    await b.context.request.post("/api/logout");
    await b.page.goto(inviteLink);
    await expect(b.page.getByRole("heading", { name: "Trail Crew" })).toBeVisible();
    await expect(b.page.getByText("Weekend hikes and coffee")).toBeVisible();
    await expect(b.page.getByText("1 member")).toBeVisible();
    // How many used the link is not the invited person's business.
    await expect(b.page.getByText(/uses/)).toHaveCount(0);
    await expect(b.page.getByRole("navigation")).toHaveCount(0);
    await shot(b.page, "invite-visitor");
    await b.page.getByRole("button", { name: "Join Trail Crew" }).click();
    await expect(b.page).toHaveURL(/\/auth\?redirect=\/invite\//);
    // The invite is B's access grant: the sign-in card comes without the code gate.
    await expect(b.page.getByText("Your invite lets you in: no access code needed.")).toBeVisible();
    const auth = new AuthScreen(b.page);
    await expect(auth.gate).toHaveCount(0);
    await auth.logIn(b.account, b.account.password);
    await expect(b.page).toHaveURL(inviteLink);
    await shot(b.page, "invite-signed-in");
    await b.page.getByRole("button", { name: "Join Trail Crew" }).click();
    await expect(toastB).toContainText("Success! You've joined the group");
    await expect(b.page).toHaveURL(/\/groups/);
  });

  await test.step("A and B see each other's messages within a second, without reloading", async () => {
    const [chatA, chatB] = [new GroupsScreen(a.page), new GroupsScreen(b.page)];
    await openChat(chatA);
    await openChat(chatB);
    await chatA.send("Hi Bob, welcome!");
    await expect(chatB.messages).toContainText("Hi Bob, welcome!", { timeout: 1000 });
    await chatB.send("Thanks Alice!");
    await expect(chatA.messages).toContainText("Thanks Alice!", { timeout: 1000 });
    // Blank text is never sent.
    await chatB.composer.fill("   ");
    await chatB.composer.press("Enter");
    await expect(b.page.getByTestId("chat-message")).toHaveCount(2);
    await expect(a.page.getByTestId("chat-message").last()).toContainText("Bob Baker");
    await shot(a.page, "chat");
  });

  await test.step("B's vote on a group event updates A's count live", async () => {
    await new GroupsScreen(a.page).backToList();
    await a.page.getByRole("button", { name: "Plan Event" }).click();
    await a.page.getByRole("button", { name: "Create Event" }).click();
    await expect(a.page.getByText("Event title is required")).toBeVisible();
    await a.page.getByLabel("Title").fill("Sunrise hike");
    await a.page.getByRole("button", { name: "Create Event" }).click();
    await expect(toastA).toContainText("Event created!");
    await expect(a.page.getByRole("tab", { name: "Vote on Events" })).toHaveAttribute("aria-selected", "true");
    const aCount = a.page.getByTestId("count-yes");
    await expect(aCount).toHaveText("0");
    await shot(a.page, "vote");

    await new GroupsScreen(b.page).backToList();
    await b.page.getByRole("button", { name: "Plan Event" }).click();
    await b.page.getByRole("tab", { name: "Vote on Events" }).click();
    await b.page.getByTestId("vote-yes").click();
    await expect(b.page.getByTestId("count-yes")).toHaveText("1");
    await expect(aCount).toHaveText("1", { timeout: 1000 });
  });
});

/** The chat of the group open now, once its socket is live. */
async function openChat(chat: GroupsScreen) {
  await chat.showChat();
  await expect(chat.page.getByText("Live")).toBeVisible();
}
