import { SHARE_TEXTS } from "@contract/event-sharing";
import { registerPayload } from "../../src/server/test/people";
import { expectAccessible } from "./axe";
import { createEvent, createGroup, expect, shot, startInTheme, test, uniqueToken } from "./fixtures";
import { AuthScreen } from "./pages/auth";
import { CreateEventDialog, localDay } from "./pages/create-event";
import { EventPreviewScreen } from "./pages/event-preview";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a new event is live and shareable; its link opens a public preview whose Join registers (with an access code) and answers", async ({
  page,
  browser,
  user: _host,
  newPerson,
}) => {
  test.setTimeout(90_000);
  // The host creates an event from the bottom bar and lands on its page, invited to share it.
  await page.goto("/");
  const dialog = new CreateEventDialog(page);
  await dialog.open();
  const title = `Rooftop sundowner ${uniqueToken("s")}`;
  await dialog.fill({ title, description: "Bring a jacket", day: localDay(5), time: "20:00" });
  await dialog.create();
  await expect(page).toHaveURL(/\/events\/\d+/);
  const live = page.getByTestId("event-live");
  await expect(live.getByRole("heading", { name: SHARE_TEXTS.live })).toBeVisible();
  await shot(page, "event-live");

  // Share copies the event's own address (a desktop-like pointer: no share sheet).
  await live.getByRole("button", { name: SHARE_TEXTS.share }).click();
  await expect(page.getByTestId("toast")).toContainText(SHARE_TEXTS.copied);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const eventId = Number(/\/events\/(\d+)$/.exec(link)?.[1]);
  expect(link).toBe(new URL(`/events/${eventId}`, page.url()).href);

  // A guest goes; a stranger holding the link sees how many, never who.
  const guest = await newPerson({ fullName: "Quiet Guest" });
  expect(
    (
      await guest.page.request.post("/api/event-participants", {
        data: { eventId, userId: guest.account.id, status: "going" },
      })
    ).status(),
  ).toBeLessThan(300);

  const visitor = await browser.newContext();
  try {
    const stranger = await visitor.newPage();
    const preview = new EventPreviewScreen(stranger);
    await stranger.goto(link);
    await expect(preview.heading(title)).toBeVisible();
    await expect(preview.going).toHaveText("1 going");
    await expect(preview.time).toContainText("8:00 PM");
    await expect(stranger.getByText("Quiet Guest")).toHaveCount(0);
    await shot(stranger, "public-preview");

    // One button: register (an event's link is no access grant: the code's gate stays), then the answer is sent.
    await preview.join.click();
    const newcomer = registerPayload({ fullName: "New Comer" });
    const auth = new AuthScreen(stranger);
    await auth.passGate();
    await auth.register(newcomer, newcomer.password);
    await expect(stranger).toHaveURL(new RegExp(`/events/${eventId}$`));
    await expect(stranger.getByTestId("viewer-status")).toContainText("You're going");
    await expect(stranger.getByTestId("capacity")).toContainText("2 going");
    // The account is the newcomer's own: remove it as the fixtures remove theirs.
    await stranger.request.delete("/api/account", { data: { password: newcomer.password } });
  } finally {
    await visitor.close();
  }
});

test("a group's plan has no public face: its link signed out says the event is not available", async ({
  page,
  browser,
  user,
}) => {
  const group = await createGroup(page.request, { name: `Plans ${uniqueToken("g")}`, isPrivate: true });
  const res = await page.request.post("/api/events", {
    data: {
      title: "Members-only picnic",
      date: new Date(Date.now() + 4 * 86_400_000).toISOString(),
      groupId: group.id,
    },
  });
  const plan = (await res.json()) as { id: number };
  const visitor = await browser.newContext();
  try {
    const stranger = await visitor.newPage();
    await stranger.goto(`/events/${plan.id}`);
    await expect(stranger.getByRole("heading", { name: SHARE_TEXTS.notFound })).toBeVisible();
    await expect(stranger.getByText("Members-only picnic")).toHaveCount(0);
    // A member's own event is previewable, though: the same page for a public event.
    const open = await createEvent(page.request, user.id, { title: "Open picnic" });
    await stranger.goto(`/events/${open.id}`);
    await expect(stranger.getByRole("heading", { name: "Open picnic" })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

for (const theme of ["light", "dark"] as const) {
  test(`the public preview has no serious accessibility violation (${theme})`, async ({ page, browser, user }) => {
    const event = await createEvent(page.request, user.id, { title: "Accessible picnic" });
    const visitor = await browser.newContext();
    try {
      await startInTheme(visitor, theme);
      const stranger = await visitor.newPage();
      await stranger.goto(`/events/${event.id}`);
      await expect(stranger.getByRole("heading", { name: "Accessible picnic" })).toBeVisible();
      await expectAccessible(stranger, `public preview (${theme})`);
      await shot(stranger, `public-preview-${theme}`);
    } finally {
      await visitor.close();
    }
    // The host's page as the create dialog leaves it: the live banner and Share.
    await startInTheme(page, theme);
    await page.goto(`/events/${event.id}?live=1`);
    await expect(page.getByRole("heading", { name: SHARE_TEXTS.live })).toBeVisible();
    await expectAccessible(page, `event live (${theme})`);
    await shot(page, `event-live-${theme}`);
  });
}
