import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, shot, shotsWanted, test } from "./fixtures";
import { SettingsScreen } from "./pages/settings";

// Settings › Notifications. SCREENSHOTS=1 saves the section in both themes.

async function openNotificationSettings(page: Page) {
  await new SettingsScreen(page).open("Notifications");
  await expect(page.getByRole("table", { name: "Notification channels" })).toBeVisible();
}

test("notification settings: push is never asked on load, channels and the digest are saved per user", async ({
  page,
  user: _,
}) => {
  // Five loads and two accessibility scans.
  test.setTimeout(90_000);
  await page.goto("/");
  await new SettingsScreen(page).open();
  // Never on first load: the browser's permission is still unasked after the app and Settings opened.
  expect(await page.evaluate(() => Notification.permission)).toBe("default");

  await openNotificationSettings(page);
  await expect(page.getByRole("switch", { name: "Push notifications" })).not.toBeChecked();
  const friendsEmail = page.getByRole("checkbox", { name: "Friend requests: E-mail" });
  const chatInApp = page.getByRole("checkbox", { name: "Chat: In-app (always, in the chat)" });
  await expect(friendsEmail).not.toBeChecked();
  await expect(chatInApp).toBeChecked();
  await expect(chatInApp).toBeDisabled();
  await friendsEmail.click();
  await expect(friendsEmail).toBeChecked();
  await page.getByRole("switch", { name: /Daily e-mail digest/ }).click();
  await expect
    .poll(async () => (await (await page.request.get("/api/notification-preferences")).json()).emailDigest)
    .toBe(true);

  await page.reload();
  await page.getByRole("tab", { name: "Notifications" }).click();
  await expect(page.getByRole("checkbox", { name: "Friend requests: E-mail" })).toBeChecked();
  await expect(page.getByRole("switch", { name: /Daily e-mail digest/ })).toBeChecked();
  const stored = await (await page.request.get("/api/notification-preferences")).json();
  expect(stored.channels.friends).toEqual({ inApp: true, push: true, email: true });
  expect(await page.evaluate(() => Notification.permission)).toBe("default");

  // Nothing is cut off at 390 px: the grid fits the card.
  const table = await page.getByRole("table", { name: "Notification channels" }).boundingBox();
  expect(table && table.x + table.width).toBeLessThanOrEqual(390);

  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => localStorage.setItem("link-theme-preference", t), theme);
    await page.reload();
    await page.getByRole("tab", { name: "Notifications" }).click();
    await expect(page.getByRole("table", { name: "Notification channels" })).toBeVisible();
    // WCAG 2.x A/AA as accessibility.spec.ts checks every screen: no serious or critical violation in either theme.
    await expectAccessible(page, `notification settings, ${theme}`);
    if (shotsWanted) {
      await shot(page, `settings-notifications-${theme}`, { fullPage: true });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await shot(page, `settings-notifications-${theme}-bottom`);
    }
  }
});

test("the service worker shows a push as a system notification only when no Link window is focused", async ({
  page,
  context,
  serverURL,
  signUp,
}) => {
  await context.grantPermissions(["notifications"], { origin: serverURL });
  await signUp(page.request);
  await page.goto("/");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const cdp = await context.newCDPSession(page);
  await cdp.send("ServiceWorker.enable");
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const mine = registrations.find(
        (r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(serverURL) && !r.isDeleted,
      );
      if (mine) resolve(mine.registrationId);
    });
  });
  const deliver = (data: object) =>
    cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(serverURL).origin,
      registrationId,
      data: JSON.stringify(data),
    });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: n.data?.url,
      })),
    );

  // This window is focused: it shows the notification in-app, the worker stays quiet.
  expect(await page.evaluate(() => document.hasFocus() && document.visibilityState === "visible")).toBe(true);
  await deliver({ title: "New friend request", body: "Sam wants to connect", url: "/users/1", tag: "friend_request" });

  // Link closed (its only window left for another site): the worker shows it, with the page to open on click.
  await page.goto("about:blank");
  await deliver({ title: "Event updated", body: "Picnic moved to 5 PM", url: "/events/7", tag: "event_update" });
  await page.waitForTimeout(500);
  await page.goto("/settings");
  // The worker handles pushes in order: once the second is on screen the first was handled, and it is not
  // there (a fixed wait before checking for its absence would pass on a slow host whatever the worker did).
  await expect.poll(shown).toEqual([{ title: "Event updated", body: "Picnic moved to 5 PM", url: "/events/7" }]);
});
