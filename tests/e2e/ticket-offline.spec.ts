import type { Page } from "@playwright/test";
import { createEvent, expect, shotBothThemes, test, uniqueToken } from "./fixtures";

// The events a guest goes to open offline, ticket included, from My Events and from their links: the one whose
// page they opened online and the one they only saw in the list. My Events itself opens offline even when it was
// read before the service worker took over (the first visit), whatever the language.

async function serviceWorkerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The event page's ticket, as a door would see it: the QR code and the code to type. */
async function expectTicket(page: Page, title: string) {
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId("ticket-qr")).toBeVisible();
  await expect(page.getByTestId("door-code")).toHaveText(/\S{3}/);
}

for (const language of ["en", "ar"] as const) {
  test(`${language}: an event opened online and one only listed both open offline with their tickets`, async ({
    browser,
    baseURL,
    signUp,
    newPerson,
  }) => {
    test.setTimeout(120_000);
    const host = await newPerson();
    const token = uniqueToken(`door${language}`);
    const opened = await createEvent(host.page.request, host.account.id, {
      title: `${token} Opened`,
      date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const listed = await createEvent(host.page.request, host.account.id, {
      title: `${token} Listed`,
      date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    const update = `Bring a torch ${token}`;
    const context = await browser.newContext({ baseURL, locale: language === "ar" ? "ar-AE" : "en-US" });
    const page = await context.newPage();
    const me = await signUp(page.request, { language });
    for (const event of [opened, listed]) {
      const going = await page.request.post("/api/event-participants", {
        data: { eventId: event.id, userId: me.id, status: "going" },
      });
      expect(going.status()).toBe(201);
    }
    const sent = await host.page.request.post(`/api/events/${listed.id}/updates`, { data: { message: update } });
    expect(sent.status()).toBe(201);

    await test.step("online: My Events on the first visit, then one event's page, then back to the list", async () => {
      // The first visit reads the list before the service worker has installed, let alone taken over.
      await page.goto("/my-events");
      await expect(page.getByRole("link", { name: `${token} Listed` })).toBeVisible({ timeout: 15_000 });
      await serviceWorkerControls(page);
      await page.getByRole("link", { name: `${token} Opened` }).click();
      await expectTicket(page, `${token} Opened`);
      await page.getByTestId("event-back").click();
      await expect(page.getByRole("link", { name: `${token} Listed` })).toBeVisible();
      // The list keeps its events in the background; wait until the last of them is on the device.
      await expect
        .poll(() =>
          page.evaluate(
            async (path) => !!(await (await caches.open("link-kept")).match(path)),
            `/api/events/${listed.id}/ticket`,
          ),
        )
        .toBe(true);
    });

    await test.step("offline: My Events opens again, and each event opens from it with its ticket", async () => {
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByTestId("offline-banner")).toBeVisible();
      await expect(page.getByTestId("not-saved-offline")).toHaveCount(0);
      await page.getByRole("link", { name: `${token} Listed` }).click();
      await expectTicket(page, `${token} Listed`);
      await expect(page.getByTestId("event-updates")).toContainText(update);
      await page.getByTestId("event-back").click();
      await page.getByRole("link", { name: `${token} Opened` }).click();
      await expectTicket(page, `${token} Opened`);
    });

    await test.step("offline: each event's link opens it with its ticket", async () => {
      for (const event of [listed, opened]) {
        await page.goto(`/events/${event.id}`);
        await expectTicket(page, event.title);
      }
      await shotBothThemes(page, `ticket-offline-${language}`, async () => {
        await page.reload();
        await expectTicket(page, opened.title);
      });
    });
    await context.close();
  });
}
