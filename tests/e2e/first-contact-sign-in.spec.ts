import { createEvent, expect, shot, test } from "./fixtures";
import { AuthScreen } from "./pages/auth";

test.use({ userFields: { fullName: "Rita Returning" } });

test("a returning person signs back in without a code, by e-mail and password, and a deep link comes back", async ({
  page,
  user,
  newPerson,
}) => {
  const auth = new AuthScreen(page);
  const host = await newPerson({ fullName: "Hal Host" });
  const event = await createEvent(host.context.request, host.account.id, { title: "Rooftop sundowner" });
  const going = await page.request.post("/api/event-participants", {
    data: { eventId: event.id, userId: user.id, status: "going" },
  });
  expect(going.status()).toBe(201);

  await test.step("after logging out, the sign-in card comes, not the code screen", async () => {
    await page.goto("/settings");
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(auth.logInTab).toHaveAttribute("aria-selected", "true");
    await expect(auth.gate).toHaveCount(0);
    await expect(page.getByText("Have an early access code?")).toHaveCount(0);
  });

  await test.step("the login form asks only for the username or e-mail and the password", async () => {
    await expect(page.getByLabel("Username or e-mail")).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveCount(0);
    await expect(page.getByLabel("Email", { exact: true })).toHaveCount(0);
    await shot(page, "sign-in");
  });

  await test.step("a signed-out deep link to a member page leads to sign-in, then back to that page", async () => {
    // An event's own link opens its public preview; My Events is for members only.
    await page.goto("/my-events");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fmy-events$/);
    await expect(auth.logInTab).toHaveAttribute("aria-selected", "true");
    await auth.logIn({ username: user.email }, user.password);
    await expect(page).toHaveURL(/\/my-events$/);
    await expect(page.getByText("Rooftop sundowner").first()).toBeVisible();
  });

  await test.step("the code screen opens only for Create account, and offers Log in and an invite link", async () => {
    await page.request.post("/api/logout");
    await auth.goto();
    await auth.createAccountTab.click();
    await expect(auth.gate).toBeVisible();
    await page.getByRole("button", { name: "Have an invite link?" }).click();
    await expect(page.getByLabel("Invite link")).toBeVisible();
    await shot(page, "code-screen");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(auth.logInTab).toHaveAttribute("aria-selected", "true");
    await expect(auth.gate).toHaveCount(0);
  });
});

test("a pasted invite link on the code screen opens the invite; its button says Join <group>", async ({
  page,
  newPerson,
}) => {
  const host = await newPerson({ fullName: "Ida Inviter" });
  const res = await host.context.request.post("/api/groups", {
    data: { name: "Dawn Rowers", description: "", isPrivate: true },
  });
  const group = (await res.json()) as { inviteCode: string };
  const auth = new AuthScreen(page);
  await auth.goto();
  await auth.createAccountTab.click();
  await page.getByRole("button", { name: "Have an invite link?" }).click();
  const pasted = `https://link.example/invite/${group.inviteCode}`;
  await page.getByLabel("Invite link").fill(pasted);
  // What was pasted is still in the box when it is sent (a gate run once found it empty at the submit).
  await expect(page.getByLabel("Invite link")).toHaveValue(pasted);
  await page.getByRole("button", { name: "Open invite" }).click();
  await expect(page).toHaveURL(new RegExp(`/invite/${group.inviteCode}$`));
  await page.getByRole("button", { name: "Join Dawn Rowers" }).click();
  // An invited visitor meets Create account first, with no code asked.
  await expect(auth.createAccountTab).toHaveAttribute("aria-selected", "true");
  await expect(auth.gate).toHaveCount(0);
});

for (const scheme of ["light", "dark"] as const) {
  test(`until a person chooses, the theme follows a ${scheme} device`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    await page.goto("/auth");
    await expect(page.getByRole("tab", { name: "Log in" })).toBeVisible();
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${scheme}\\b`));
    await context.close();
  });
}
