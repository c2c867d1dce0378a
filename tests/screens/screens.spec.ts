import path from "node:path";
import type { Page } from "@playwright/test";
import type { Language } from "../../src/contract/i18n/languages";
import { seriousViolations } from "../e2e/axe";
import { clippedTexts } from "../e2e/clipped";
import { expect, signInAsDemo, startInTheme, test } from "../e2e/fixtures";
import { localDay } from "../e2e/pages/create-event";

/**
 * One row per screen: its file name in docs/screens/, who looks at it (a demo username, or nobody for a
 * visitor), where it opens, and what to do or wait for before the picture. Add a screen with one row.
 */
type Screen = {
  name: string;
  as?: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
  /** The language the screen is shown in (English when unset); Arabic rows show the right-to-left layout. */
  language?: Exclude<Language, "en">;
};

/** Waits until the app has replaced index.html's shell and the network is quiet. */
const settled = async (p: Page) => {
  await expect(p.locator("[data-app-shell]")).toHaveCount(0);
  await p.waitForLoadState("networkidle");
};

const screens: Screen[] = [
  { name: "sign-in", path: "/auth", ready: (p) => expect(p.getByLabel("Username or e-mail")).toBeVisible() },
  {
    name: "code-screen",
    path: "/auth",
    ready: async (p) => {
      await p.getByRole("tab", { name: "Create account" }).click();
      await p.getByRole("button", { name: "Have an invite link?" }).click();
      await expect(p.getByLabel("Invite link")).toBeVisible();
    },
  },
  {
    name: "invite",
    path: "/invite/explore-sf-demo",
    ready: (p) => expect(p.getByRole("button", { name: /^Join / })).toBeVisible(),
  },
  { name: "not-found", path: "/no/such/page", ready: (p) => expect(p.getByRole("heading")).toBeVisible() },
  {
    name: "discover-after-swipe",
    as: "alex",
    path: "/",
    ready: async (p) => {
      await p.getByTestId("swipe-card").getByRole("button", { name: "Decline" }).click();
      await p.getByRole("button", { name: "Undo" }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: "create-event-missing",
    as: "alex",
    path: "/",
    ready: async (p) => {
      await p.getByRole("button", { name: "Create event", exact: true }).click();
      await p.getByRole("dialog").getByRole("button", { name: "Create Event" }).click();
      await expect(p.getByText("Give the event a name")).toBeVisible();
    },
  },
  {
    name: "settings-appearance",
    as: "alex",
    path: "/settings",
    ready: async (p) => {
      await p.getByRole("tab", { name: "Appearance" }).click();
      await expect(p.getByRole("radiogroup", { name: "Theme" })).toBeVisible();
    },
  },
  {
    name: "event-offline",
    as: "alex",
    path: "/my-events",
    ready: async (p) => {
      await expect(p.getByRole("heading", { name: "My Events", exact: true })).toBeVisible();
      await p.evaluate(() => navigator.serviceWorker.ready);
      await expect.poll(() => p.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await p.context().setOffline(true);
      await p.evaluate(() => {
        window.history.pushState(null, "", "/events/999999");
        window.dispatchEvent(new PopStateEvent("popstate"));
      });
      await expect(p.getByRole("heading", { name: "You're offline" })).toBeVisible();
    },
  },
  // The demo city's first event is alex's; its first group is Weekend Explorers.
  {
    name: "event-public-preview",
    path: "/events/1",
    ready: (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible(),
  },
  {
    name: "event-live-host",
    as: "alex",
    path: "/events/1?live=1",
    ready: (p) => expect(p.getByText(/Your event is live/)).toBeVisible(),
  },
  {
    name: "group-chat",
    as: "alex",
    path: "/groups?group=1",
    ready: (p) => expect(p.getByTestId("chat-typing")).toBeAttached(),
  },
  {
    name: "groups-with-conversations",
    as: "alex",
    path: "/groups",
    ready: async (p) => {
      // alex hosts the first event: its guests' conversation is made on first use.
      expect((await p.request.get("/api/events/1/conversation")).ok()).toBe(true);
      await p.reload();
      await expect(p.getByRole("heading", { name: "Guests' conversations" })).toBeVisible();
    },
  },
  {
    name: "create-event-toast",
    as: "alex",
    path: "/",
    ready: async (p) => {
      await p.route("**/api/events", (route) =>
        route.request().method() === "POST" ? route.fulfill({ status: 500, body: "{}" }) : route.continue(),
      );
      await p.getByRole("button", { name: "Create event", exact: true }).click();
      const dialog = p.getByRole("dialog");
      await dialog.getByLabel("Event Name").fill("Rooftop supper");
      await dialog.getByLabel("Description").fill("Bring something to share");
      await dialog.getByLabel("Date").fill(localDay(3));
      await dialog.getByLabel("Time").fill("19:00");
      await dialog.getByRole("button", { name: "Create Event" }).click();
      const toast = p.getByTestId("toast");
      await expect(toast).toContainText("Failed to create the event");
      // Held under the pointer, the toast stays while the picture is taken; the form is read from its top.
      await toast.hover();
      await dialog.evaluate((el) => el.scrollTo({ top: 0 }));
      await expect(dialog.getByRole("button", { name: "Use my current location" })).toBeInViewport();
    },
  },
  {
    name: "settings-reminders",
    as: "alex",
    path: "/settings",
    ready: async (p) => {
      await p.getByRole("tab", { name: "Notifications" }).click();
      await p.getByText("Remind me before events").scrollIntoViewIfNeeded();
    },
  },
  {
    name: "settings-calendar-link",
    as: "alex",
    path: "/settings",
    ready: async (p) => {
      await p.getByRole("tab", { name: "Availability" }).click();
      await p
        .getByText(/Google Calendar/)
        .first()
        .scrollIntoViewIfNeeded();
    },
  },
  {
    name: "settings-account",
    as: "alex",
    path: "/settings",
    ready: async (p) => {
      await expect(p.getByRole("button", { name: "Export my data" })).toBeVisible();
      await p.getByRole("heading", { name: "E-mail address" }).evaluate((el) => el.scrollIntoView({ block: "start" }));
      await p.evaluate(() => window.scrollBy(0, -80));
    },
  },
  {
    name: "settings-account-delete",
    as: "alex",
    path: "/settings",
    ready: async (p) => {
      await p.getByRole("button", { name: "Delete my account" }).click();
      await p.getByRole("button", { name: "Delete forever" }).evaluate((el) => el.scrollIntoView({ block: "center" }));
    },
  },
  {
    name: "host-page",
    path: "/u/alex",
    ready: (p) => expect(p.getByRole("heading", { name: "Alex Rivera" })).toBeVisible(),
  },
  {
    name: "event-as-guest",
    as: "priya",
    path: "/events/1",
    ready: (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible(),
  },
  {
    name: "my-events",
    as: "priya",
    path: "/my-events",
    ready: (p) => expect(p.getByRole("heading", { name: "My Events", exact: true })).toBeVisible(),
  },
  { name: "reset-password", path: "/reset-password", ready: (p) => expect(p.getByRole("heading")).toBeVisible() },
  {
    name: "profile-follow",
    as: "alex",
    path: "/users/2",
    ready: (p) => expect(p.getByRole("button", { name: /Follow/ })).toBeVisible(),
  },
];

// The screens a person reading another language sees first: sign-in, Discover, an event, creating one, a group's
// chat and Settings; Arabic right to left, German's long words, Japanese lines without spaces. Located by role and
// test id, never by English words.
for (const language of ["ar", "fr", "de", "ja"] as const)
  screens.push(
    { name: `${language}-sign-in`, language, path: "/auth", ready: settled },
    {
      name: `${language}-discover`,
      language,
      as: "alex",
      path: "/",
      ready: (p) => expect(p.getByTestId("swipe-card")).toBeVisible(),
    },
    {
      name: `${language}-event`,
      language,
      as: "priya",
      path: "/events/1",
      ready: (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible(),
    },
    {
      name: `${language}-create-event`,
      language,
      as: "alex",
      path: "/",
      ready: async (p) => {
        await p.getByTestId("create-event").click();
        await expect(p.getByRole("dialog")).toBeVisible();
      },
    },
    {
      name: `${language}-group-chat`,
      language,
      as: "alex",
      path: "/groups?group=1",
      ready: (p) => expect(p.getByTestId("chat-typing")).toBeAttached(),
    },
    { name: `${language}-settings`, language, as: "alex", path: "/settings?tab=appearance", ready: settled },
  );

const outDir = path.join(import.meta.dirname, "../../docs/screens");

for (const theme of ["light", "dark"] as const) {
  for (const screen of screens) {
    test(`${screen.name} (${theme})`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: theme });
      await startInTheme(context, theme);
      if (screen.language)
        await context.addInitScript((tag) => localStorage.setItem("link.language", tag), screen.language);
      if (screen.as) await signInAsDemo(context.request, screen.as);
      // A signed-in person reads their account's language: the demo person speaks the row's for its picture.
      const speak = async (language: string) => {
        const me = (await (await context.request.get("/api/user")).json()) as { id: number };
        expect((await context.request.patch(`/api/users/${me.id}`, { data: { language } })).ok()).toBe(true);
      };
      if (screen.as && screen.language) await speak(screen.language);
      const page = await context.newPage();
      await page.goto(screen.path);
      await screen.ready(page);
      // Measured after the entrance animations (seriousViolations waits for them): no serious or critical axe finding.
      const found = await seriousViolations(page, `${screen.name} (${theme})`);
      const clipped = await clippedTexts(page);
      await page.screenshot({ path: path.join(outDir, `${screen.name}-${theme}.png`) });
      if (screen.as && screen.language) await speak("en");
      expect(found, JSON.stringify(found, null, 2)).toEqual([]);
      expect(clipped, "no text cut off or off the screen").toEqual([]);
      await context.close();
    });
  }
}
