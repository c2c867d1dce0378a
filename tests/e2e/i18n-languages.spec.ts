import type { Page } from "@playwright/test";
import arabic from "../../src/contract/i18n/catalogs/ar.json" with { type: "json" };
import spanish from "../../src/contract/i18n/catalogs/es.json" with { type: "json" };
import { createEvent, createGroup, expect, shot, test } from "./fixtures";

/** Nothing on the screen is wider than the phone. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.describe("a visitor whose browser reads Spanish", () => {
  test.use({ locale: "es-ES" });

  test("signs in in Spanish, switches to Arabic on the sign-in screen and keeps what was typed", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("tab", { name: spanish["signIn.logIn"] })).toBeVisible();
    await page.getByLabel(spanish["login.identifier"]).fill("ana");
    await fitsThePhone(page);

    await page.getByRole("combobox", { name: spanish["language.label"] }).selectOption({ label: "العربية" });
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByLabel(arabic["login.identifier"])).toHaveValue("ana");
    await expect(page.getByRole("tab", { name: arabic["signIn.logIn"] })).toBeVisible();
    await fitsThePhone(page);
  });
});

for (const [language, texts, dir] of [
  ["es", spanish, "ltr"],
  ["ar", arabic, "rtl"],
] as const) {
  test.describe(`a person whose account speaks ${language}`, () => {
    test.use({ userFields: { language } });

    test(`Discover, an event, creating one, a group chat and Settings read in ${language}, at 390 px`, async ({
      page,
      user,
    }) => {
      test.setTimeout(90_000);
      await test.step("Discover", async () => {
        await page.goto("/");
        await expect(page.locator("html")).toHaveAttribute("dir", dir);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expect(page.getByRole("link", { name: texts["shell.groups"] })).toBeVisible();
        await fitsThePhone(page);
        await shot(page, `${language}-discover`);
      });

      await test.step("creating an event", async () => {
        await page.getByTestId("create-event").click();
        const dialog = page.getByRole("dialog");
        await expect(dialog.getByRole("heading", { name: texts["createEvent.title"] })).toBeVisible();
        await expect(dialog.getByLabel(texts["createEvent.eventName"])).toBeVisible();
        await fitsThePhone(page);
        await shot(page, `${language}-create-event`);
        await page.keyboard.press("Escape");
      });

      await test.step("an event's page", async () => {
        const event = await createEvent(page.request, user.id, { title: "Cena en la azotea" });
        await page.goto(`/events/${event.id}`);
        await expect(page.getByRole("heading", { level: 1, name: "Cena en la azotea" })).toBeVisible();
        await expect(page.getByText(texts["eventPage.hostedBy"], { exact: false }).first()).toBeVisible();
        await fitsThePhone(page);
        await shot(page, `${language}-event`, { fullPage: true });
      });

      await test.step("a group's chat", async () => {
        const group = await createGroup(page.request, { name: "Amigos" });
        await page.goto(`/groups?group=${group.id}`);
        await expect(page.getByText(texts["chatPanel.live"])).toBeVisible();
        const composer = page.getByPlaceholder(texts["chatPanel.placeholder"]);
        await composer.fill("¡hola! مرحبا");
        await composer.press("Enter");
        const message = page.getByTestId("chat-message").last();
        await expect(message).toContainText("¡hola! مرحبا");
        await expect(message.locator('[dir="auto"]').first()).toBeVisible();
        await fitsThePhone(page);
        await shot(page, `${language}-chat`);
      });

      await test.step("Settings switches to English at once and keeps it on the account", async () => {
        await page.goto("/settings?tab=appearance");
        await expect(page.getByRole("tab", { name: texts["settings.appearance"] })).toBeVisible();
        await fitsThePhone(page);
        await shot(page, `${language}-settings`);
        await page.getByRole("combobox", { name: texts["language.label"] }).selectOption({ label: "English" });
        await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
        await expect(page.getByRole("tab", { name: "Appearance" })).toBeVisible();
        await expect.poll(async () => (await (await page.request.get("/api/user")).json()).language).toBe("en");
        await page.reload();
        await expect(page.getByRole("tab", { name: "Appearance" })).toBeVisible();
      });
    });
  });
}
