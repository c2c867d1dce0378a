import type { Browser, Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, shot, signInAsDemo, startInTheme, test } from "./fixtures";
import { GroupsScreen } from "./pages/groups";

/**
 * A member reports a chat message, the moderator hides it from /admin, and the reporter
 * sees "Message removed". The demo seed grants alex the stored moderator role. SCREENSHOTS=1 saves the
 * menus and /admin in both themes.
 */
const REPORTED = "Sunrise is brutal. 9am?";

async function signedIn(browser: Browser, username: string, theme: "light" | "dark" = "light") {
  const context = await browser.newContext();
  await startInTheme(context, theme);
  await signInAsDemo(context.request, username);
  return { context, page: await context.newPage() };
}

async function openGroupChat(page: Page, expected: string) {
  await new GroupsScreen(page).openChat("Weekend Explorers", expected);
}

test("a member reports a message, the moderator hides it, the reporter sees Message removed", async ({ browser }) => {
  test.setTimeout(90_000);
  const priya = await signedIn(browser, "priya");
  const alex = await signedIn(browser, "alex");

  await test.step("a non-moderator gets the not-found screen at /admin", async () => {
    await priya.page.goto("/admin");
    await expect(priya.page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(priya.page.getByText(REPORTED)).toHaveCount(0);
  });

  await test.step("Priya reports Marcus's message with a reason, by keyboard", async () => {
    await openGroupChat(priya.page, REPORTED);
    // Report sits in the message's menu.
    const menu = priya.page.getByRole("button", { name: "More for the message from Marcus Lee" }).first();
    await menu.focus();
    await priya.page.keyboard.press("Enter");
    await expect(priya.page.getByRole("menuitem", { name: "Report" })).toBeFocused();
    await priya.page.keyboard.press("Enter");
    const dialog = priya.page.getByRole("dialog", { name: "Report this message" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Send report" })).toBeDisabled();
    await dialog.getByRole("radio", { name: "Harassment or bullying" }).check();
    await dialog.getByLabel("Details (optional)").fill("Keeps mocking early risers");
    await shot(priya.page, "report-dialog-light");
    await expectAccessible(priya.page, "report dialog, light");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(priya.page.getByTestId("toast").first()).toContainText(
      "Thanks, the moderators will look at your report",
    );
    await expect(dialog).toHaveCount(0);
  });

  await test.step("Alex sees the report with its context on /admin and hides the message", async () => {
    await alex.page.goto("/admin");
    await expect(alex.page.getByRole("heading", { name: "Moderation" })).toBeVisible();
    const card = alex.page.getByTestId("admin-report").filter({ hasText: REPORTED });
    await expect(card).toContainText("Chat message · Harassment or bullying");
    await expect(card).toContainText("Reported by Priya Shah (@priya)");
    await expect(card).toContainText("Marcus Lee (@marcus)");
    await expect(card).toContainText("Keeps mocking early risers");
    await shot(alex.page, "admin-light", { fullPage: true });
    await expectAccessible(alex.page, "/admin, light");
    await card.getByRole("button", { name: "Hide message" }).click();
    await expect(card).toContainText("Hidden from readers");
    await expect(card.getByRole("button", { name: "Show message" })).toBeVisible();
  });

  await test.step("Priya reloads the chat: the message reads Message removed", async () => {
    await openGroupChat(priya.page, "Count me in! Sunrise or later?");
    const messages = priya.page.getByTestId("chat-messages");
    await expect(messages).toContainText("Message removed");
    await expect(messages).not.toContainText(REPORTED);
    await expect(messages).toContainText("Count me in! Sunrise or later?");
    await shot(priya.page, "chat-removed-light");
  });

  await test.step("Alex resolves the report: it leaves the list", async () => {
    const card = alex.page.getByTestId("admin-report").filter({ hasText: "Priya Shah" });
    await card.getByRole("button", { name: "Resolve" }).click();
    await expect(alex.page.getByTestId("admin-report").filter({ hasText: "Priya Shah" })).toHaveCount(0);
  });

  await priya.context.close();
  await alex.context.close();
});

test("the profile menu blocks and reports a person, by keyboard", async ({ browser }) => {
  test.setTimeout(60_000);
  for (const theme of ["light", "dark"] as const) {
    const sofia = await signedIn(browser, "sofia", theme);
    const page = sofia.page;
    const marcus = (await (await sofia.context.request.get("/api/users?ids=3")).json()) as Array<{
      id: number;
      fullName: string;
    }>;
    const target = marcus.find((u) => u.fullName === "Marcus Lee");
    expect(target).toBeTruthy();
    await page.goto(`/users/${target?.id}`);
    const more = page.getByRole("button", { name: "More actions for Marcus Lee" });
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Block" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Report" })).toBeVisible();
    await shot(page, `profile-menu-${theme}`);
    await expectAccessible(page, `profile menu, ${theme}`);
    if (theme === "light") {
      await page.getByRole("menuitem", { name: "Block" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Block Marcus Lee?" });
      await expect(confirm).toBeVisible();
      await confirm.getByRole("button", { name: "Block" }).click();
      await expect(page.getByTestId("toast").first()).toContainText("Marcus Lee is blocked");
      const blocks = (await (await sofia.context.request.get("/api/blocks")).json()) as Array<{ id: number }>;
      expect(blocks.map((b) => b.id)).toEqual([target?.id]);
      // Blocked, the profile is as if gone: the page says so to the blocker and offers Unblock, which lifts it.
      await expect(page.getByRole("heading", { name: "You blocked Marcus Lee" })).toBeVisible();
      await page.getByRole("button", { name: "Unblock" }).click();
      await expect(page.getByTestId("toast").first()).toContainText("Marcus Lee is unblocked");
      await expect(more).toBeVisible();
    } else {
      await page.getByRole("menuitem", { name: "Report" }).click();
      await expect(page.getByRole("dialog", { name: "Report this person" })).toBeVisible();
      await shot(page, "report-dialog-dark");
      await expectAccessible(page, "report dialog, dark");
      await page.keyboard.press("Escape");
      // The moderator's page in the dark theme, with a report of a person on it; suspending asks first.
      const filed = await sofia.context.request.post("/api/reports", {
        data: { targetType: "user", targetId: target?.id, reason: "spam", details: "Sends the same link to everyone" },
      });
      expect(filed.status()).toBe(201);
      const alex = await signedIn(browser, "alex", "dark");
      await alex.page.goto("/admin");
      await expect(alex.page.getByRole("heading", { name: "Moderation" })).toBeVisible();
      await shot(alex.page, "admin-dark", { fullPage: true });
      await expectAccessible(alex.page, "/admin, dark");
      const card = alex.page.getByTestId("admin-report").filter({ hasText: "Sends the same link to everyone" });
      await card.getByRole("button", { name: "Suspend account" }).click();
      const confirm = alex.page.getByRole("alertdialog", { name: "Suspend Marcus Lee?" });
      await expect(confirm).toBeVisible();
      await shot(alex.page, "admin-suspend-dark");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(card.getByRole("button", { name: "Suspend account" })).toBeVisible();
      // A chat in the dark theme, with the Report action on others' messages.
      await openGroupChat(alex.page, "Count me in! Sunrise or later?");
      await shot(alex.page, "chat-dark");
      await alex.context.close();
    }
    await sofia.context.close();
  }
});
