import { createEvent, expect, shot, shotBothThemes, test, uniqueToken } from "./fixtures";

// A host's public page, /u/{username}: what a stranger sees signed out (Follow signs in first, the calendar
// buttons, each event linking to its page), what the host sees (the link to share, the code to embed),
// the embed itself, and the page gone for a blocked viewer and once the host turns it off in Settings.

test("a host's public page: signed out, the host's own view, the embed, blocked and turned off", async ({
  page,
  browser,
  user,
  newPerson,
}) => {
  // Four browsers and two themes of screenshots: longer than one screen's journey.
  test.setTimeout(120_000);
  const token = uniqueToken("supper");
  const host = await newPerson({ fullName: "Maya Mission", bio: "Supper clubs in the Mission" });
  const open = await createEvent(host.page.request, host.account.id, {
    title: `Open supper ${token}`,
    location: "Dolores Park",
    friendGroupId: "all",
  });
  const pagePath = `/u/${host.account.username}`;

  // A stranger, signed out.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const outside = await visitor.newPage();
  await outside.goto(pagePath);
  // The first screen of a fresh browser loads the app's chunks: allow a loaded machine its time.
  await expect(outside.getByRole("heading", { name: "Maya Mission" })).toBeVisible({ timeout: 30_000 });
  await expect(outside.getByText("Supper clubs in the Mission")).toBeVisible();
  await expect(outside.getByTestId("host-counts")).toHaveText("0 followers · 0 past events");
  const card = outside.getByRole("link", { name: new RegExp(`Open supper ${token}`) });
  await expect(card).toHaveAttribute("href", `/events/${open.id}`);
  for (const name of ["Google", "Apple", "Outlook"]) await expect(outside.getByRole("link", { name })).toBeVisible();
  await expect(outside.getByRole("link", { name: "Apple" })).toHaveAttribute(
    "href",
    new RegExp(`^webcal://.*/api/hosts/${host.account.username}/calendar\\.ics$`),
  );
  await expect(outside.getByText("Embed on your site")).toHaveCount(0);
  await shotBothThemes(outside, "host-page-signed-out", async () => {
    await outside.reload();
    await expect(outside.getByRole("heading", { name: "Maya Mission" })).toBeVisible();
  });
  // Follow asks a visitor to sign in first, and brings them back here.
  await outside.getByRole("button", { name: "Follow" }).click();
  await expect(outside).toHaveURL(/\/auth\?/);
  expect(decodeURIComponent(outside.url())).toContain(pagePath);

  // The embed: server-rendered, each event linking to its page, light and dark as the reader prefers. A
  // visitor who has opened Link before has its service worker, which must let the server answer.
  await outside.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => outside.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  for (const scheme of ["light", "dark"] as const) {
    await outside.emulateMedia({ colorScheme: scheme });
    await outside.goto(`/embed/u/${host.account.username}`);
    await expect(outside.getByRole("heading", { name: "Upcoming events by Maya Mission" })).toBeVisible();
    await expect(outside.getByRole("link", { name: new RegExp(`Open supper ${token}`) })).toHaveAttribute(
      "href",
      new RegExp(`/events/${open.id}$`),
    );
    await shot(outside, `embed-${scheme}`);
  }
  await outside.goto("/robots.txt");
  await expect(outside.locator("body")).toContainText("User-agent: *");
  await visitor.close();

  // The host sees the link to share and the code to embed; a signed-in viewer can follow.
  await host.page.setViewportSize({ width: 390, height: 844 });
  await host.page.goto(pagePath);
  const snippet = host.page.getByRole("textbox", { name: "Embed on your site" });
  // The snippet names the host's language, so their site's readers see the embed as the host wrote it.
  await expect(snippet).toHaveValue(
    new RegExp(`<iframe src="[^"]+/embed/u/${host.account.username}\\?lang=en" title="Upcoming events on Link"`),
  );
  await expect(host.page.getByRole("button", { name: "Follow" })).toHaveCount(0);
  await shotBothThemes(host.page, "host-page-own", async () => {
    await host.page.reload();
    await expect(snippet).toBeVisible();
  });

  await page.goto(pagePath);
  await page.getByRole("button", { name: "Follow" }).click();
  await expect(page.getByRole("button", { name: "Following" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("host-counts")).toHaveText("1 follower · 0 past events");

  // Across a block the page is gone, as if it never existed.
  const blocked = await host.page.request.post("/api/blocks", { data: { userId: user.id } });
  expect(blocked.ok()).toBe(true);
  await page.goto(pagePath);
  await expect(page.getByRole("heading", { name: "This page isn't available" })).toBeVisible();

  // Settings › Privacy turns it off for everyone.
  await host.page.goto("/settings");
  const publicSwitch = host.page.getByRole("switch", { name: "Public page" });
  await expect(publicSwitch).toBeChecked();
  await publicSwitch.click();
  await expect(publicSwitch).not.toBeChecked();
  await host.page.goto(pagePath);
  await expect(host.page.getByRole("heading", { name: "This page isn't available" })).toBeVisible();
  await shotBothThemes(host.page, "host-page-off", async () => {
    await host.page.reload();
    await expect(host.page.getByRole("heading", { name: "This page isn't available" })).toBeVisible();
  });
});
