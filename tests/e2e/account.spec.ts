import type { Page } from "@playwright/test";
import { fakeSmtpServer } from "../../src/server/test/smtp";
import { createEvent, expect, test } from "./fixtures";
import { AuthScreen } from "./pages/auth";
import { SettingsScreen } from "./pages/settings";
import { journeyServer } from "./servers";

/**
 * Account control journeys: Settings › Account (change password, verify the address, export, delete) and the
 * "Forgot password?" reset. The e-mails the server's outbox sends are caught by a tiny SMTP listener in
 * this process on its worker's mail port (tests/e2e/servers.ts), where playwright.config.ts points the server's SMTP_URL.
 */
const smtp = fakeSmtpServer();
/** What the server sent, as a reader sees it: the recipient's address and the decoded body. */
const inbox = () =>
  smtp.messages.map((m) => ({
    to: /<([^>]+)>/.exec(m.to[0] ?? "")?.[1] ?? "",
    body: decodeQuotedPrintable(m.data.replace(/^\.\./gm, ".")),
  }));

/** Quoted-printable as nodemailer writes it (soft breaks, =XX). */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

test.beforeAll(async () => {
  const { smtpPort } = journeyServer();
  await new Promise<void>((resolve) => smtp.server.listen(smtpPort, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => smtp.server.close(resolve));
});

/** The link in the newest e-mail to `address` whose path is `path`. */
async function linkIn(address: string, path: string) {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = inbox()
          .filter((m) => m.to === address)
          .at(-1);
        link = new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]{43}`).exec(mail?.body ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return new URL(link);
}

/**
 * A browser without a session meets the early-access gate before the sign-in form, unless
 * it still holds an unspent grant from an earlier code (then the sign-in card comes directly).
 */
async function signInThroughForm(
  page: Page,
  who: { fullName: string; email: string; username: string },
  password: string,
) {
  const auth = new AuthScreen(page);
  await auth.goto();
  await auth.passGateIfAsked();
  await auth.logIn(who, password);
}

test("change password: the other device is signed out, this one stays, the new password signs in", async ({
  page,
  browser,
  user: me,
}) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInThroughForm(otherPage, me, me.password);
  await expect(otherPage).not.toHaveURL(/\/auth/);

  await new SettingsScreen(page).open();
  await page.getByLabel("Current password").fill("wrong-one-1");
  await page.getByLabel("New password").fill("changed-456");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Current password is incorrect").first()).toBeVisible();
  await page.getByLabel("Current password").fill(me.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Other devices were signed out.").first()).toBeVisible();

  // This tab still works; the other device's session is gone, and its open socket's 4401 close sends it to sign-in.
  expect((await page.request.get("/api/user")).status()).toBe(200);
  expect((await otherPage.request.get("/api/user")).status()).toBe(401);
  await expect(otherPage).toHaveURL(/\/auth/, { timeout: 10_000 });
  await expect(otherPage.getByRole("tab", { name: "Log in" })).toBeVisible();
  await other.close();
  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  await signInThroughForm(freshPage, me, "changed-456");
  await expect(freshPage).not.toHaveURL(/\/auth/);
  await fresh.close();
});

test("forgot password: the e-mailed link sets a new password once and signs out everywhere", async ({
  page,
  browser,
  user: me,
}) => {
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  const auth = new AuthScreen(v);
  await auth.goto();
  await auth.passGateIfAsked();
  await v.getByRole("link", { name: "Forgot password?" }).click();
  await expect(v).toHaveURL(/\/reset-password$/);
  await v.getByLabel("Email").fill(me.email);
  await v.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    v.getByText("If an account uses that e-mail, a reset link is on its way.", { exact: false }),
  ).toBeVisible();

  const link = await linkIn(me.email, "/reset-password");
  await v.goto(link.pathname + link.search);
  await v.getByLabel("New password").fill("reset-789");
  await v.getByRole("button", { name: "Reset password" }).click();
  await expect(v.getByText("Password reset. Sign in with your new password.")).toBeVisible();
  // The session of the first browser ended with the reset.
  expect((await page.request.get("/api/user")).status()).toBe(401);
  await v.getByRole("link", { name: "Sign in" }).click();
  await signInThroughForm(v, me, "reset-789");
  await expect(v).not.toHaveURL(/\/auth/);
  // The link is single-use.
  await v.goto(link.pathname + link.search);
  await v.getByLabel("New password").fill("another-000");
  await v.getByRole("button", { name: "Reset password" }).click();
  await expect(v.getByText("This link is invalid or has expired. Ask for a new one.")).toBeVisible();
  await visitor.close();
});

test("verify the e-mail address from Settings through the e-mailed link", async ({ page, user: me }) => {
  await new SettingsScreen(page).open();
  const status = page.getByTestId("email-verification");
  await expect(status.getByText("Unverified")).toBeVisible();
  await status.getByRole("button", { name: "Send verification e-mail" }).click();
  await expect(page.getByText("Verification e-mail sent.", { exact: false }).first()).toBeVisible();
  const link = await linkIn(me.email, "/verify-email");
  await page.goto(link.pathname + link.search);
  await expect(page.getByText("E-mail address verified")).toBeVisible();
  await page.getByRole("link", { name: "Go to Settings" }).click();
  await expect(page.getByTestId("email-verification").getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send verification e-mail" })).toHaveCount(0);
});

test("export my data downloads a JSON file of my account", async ({ page, user: me }) => {
  await new SettingsScreen(page).open();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("link-my-data.json");
  const path = await download.path();
  const { readFile } = await import("node:fs/promises");
  const data = JSON.parse(await readFile(path, "utf8"));
  expect(data.profile).toMatchObject({ id: me.id, username: me.username, email: me.email });
  expect(JSON.stringify(data)).not.toContain("argon2");
});

test("delete my account: password confirmation, then signed out and unable to sign in; a guest hears the event is canceled", async ({
  page,
  user: me,
  newPerson,
}) => {
  const { account: guest, context } = await newPerson({ fullName: "Gus Person" });
  const guestCtx = context.request;
  const event = await createEvent(page.request, me.id, {
    title: "Dora's picnic",
    description: "Food",
    date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  expect(
    (
      await guestCtx.post("/api/event-participants", { data: { eventId: event.id, userId: guest.id, status: "going" } })
    ).status(),
  ).toBe(201);

  await new SettingsScreen(page).open();
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByLabel("Confirm with your password").fill("not-my-password");
  await page.getByRole("button", { name: "Delete forever" }).click();
  await expect(page.getByText("Current password is incorrect").first()).toBeVisible();
  await page.getByLabel("Confirm with your password").fill(me.password);
  await page.getByRole("button", { name: "Delete forever" }).click();
  await expect(page).toHaveURL(/\/auth/);
  expect((await page.request.get("/api/user")).status()).toBe(401);
  const login = await page.request.post("/api/login", { data: { username: me.username, password: me.password } });
  expect(login.status()).toBe(401);
  const notices = (await (await guestCtx.get("/api/notifications")).json()) as {
    notifications: Array<{ message: string }>;
  };
  expect(notices.notifications.map((n) => n.message)).toContain(
    "Dora's picnic has been canceled: its host deleted their account",
  );
});
