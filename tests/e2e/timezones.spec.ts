import { registerPayload } from "../../src/server/test/people";
import { createEvent, createGroup, expect, shot, test, uniqueToken } from "./fixtures";
import { AuthScreen } from "./pages/auth";
import { EventScreen } from "./pages/event";
import { GroupsScreen } from "./pages/groups";

/**
 * Someone registers from a browser in Los Angeles and sees an event in San Francisco at 9:00 AM PST,
 * which a New York user sees as "9:00 AM PST · 12:00 PM your time" (the event's own zone first, the
 * profile's beside it); chat and notifications follow each person's profile zone, always named ("EST",
 * "PST"), whatever zone the device runs in: one rule on every screen.
 */

const LA = "America/Los_Angeles";
const NY = "America/New_York";

/** The first day at least three days ahead when Los Angeles is on standard time (PST), at 17:00 UTC: 9:00 AM PST, 12:00 PM EST. */
function nineAmPst(): Date {
  const zoneName = new Intl.DateTimeFormat("en-US", { timeZone: LA, timeZoneName: "short" });
  for (let day = 3; day < 400; day++) {
    const date = new Date(Date.now() + day * 86_400_000);
    date.setUTCHours(17, 0, 0, 0);
    if (zoneName.formatToParts(date).find((p) => p.type === "timeZoneName")?.value === "PST") return date;
  }
  throw new Error("no PST day within a year");
}

/** "7:18 AM" (+ " EST") as the app shows a moment in a zone. */
function clock(iso: string, zone: string, abbreviated: boolean): string {
  const moment = new Date(iso);
  const time = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" })
    .format(moment)
    .replace(/\u202f/g, " ");
  if (!abbreviated) return time;
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })
    .formatToParts(moment)
    .find((p) => p.type === "timeZoneName")?.value;
  return `${time} ${name}`;
}

test("an event's time is its place's (9:00 AM PST), with 12:00 PM your time for New York; chat and notifications follow each profile", async ({
  browser,
  newPerson,
}) => {
  // Two browsers, an event, a group chat and notifications: more than the default budget on a loaded machine.
  test.setTimeout(90_000);
  // Nina lives in New York (her profile's zone), visiting the west coast with her phone on Pacific time.
  const nina = await newPerson({ timezone: NY }, { timezoneId: LA });
  const leoContext = await browser.newContext({ timezoneId: LA });
  const leo = { context: leoContext, page: await leoContext.newPage() };
  try {
    const title = `Sunrise run ${uniqueToken("tz")}`;
    const when = nineAmPst();
    const event = await createEvent(nina.page.request, nina.account.id, {
      title,
      description: "Easy pace",
      date: when.toISOString(),
      location: "Crissy Field",
      latitude: "37.8037",
      longitude: "-122.4668",
    });
    const group = await createGroup(nina.page.request, { name: `Runners ${uniqueToken("g")}`, isPrivate: true });

    // Leo registers through the form in a Los Angeles browser: his account takes the browser's zone.
    const auth = new AuthScreen(leo.page);
    await auth.goto();
    await auth.passGate();
    const leoUser = registerPayload({ fullName: "Leo West" });
    await auth.register(leoUser, leoUser.password);
    await expect(leo.page).toHaveURL(/\/$/);
    expect(((await (await leo.page.request.get("/api/user")).json()) as { timezone: string }).timezone).toBe(LA);

    // The event page: 9:00 AM for Leo (his device agrees), 12:00 PM EST for Nina.
    await new EventScreen(leo.page).open(event.id);
    await expect(new EventScreen(leo.page).heading(title)).toBeVisible();
    const leoTime = leo.page.getByRole("article").getByText(/\d{4}, \d{1,2}:\d{2} [AP]M/);
    // The event is in San Francisco: its time is named by its own zone, and Leo's clock agrees.
    await expect(leoTime).toHaveText(/, 9:00 AM PST$/);
    await leo.page.getByRole("button", { name: "Join" }).click();
    await expect(leo.page.getByTestId("viewer-status")).toContainText("You're going");
    await shot(leo.page, "event-page-la");

    await new EventScreen(nina.page).open(event.id);
    // Nina's profile says New York: the place's time first, hers beside it (never her phone's Pacific clock).
    await expect(nina.page.getByRole("article").getByText(/\d{4}, \d{1,2}:\d{2} [AP]M/)).toHaveText(
      /, 9:00 AM PST · 12:00 PM your time$/,
    );
    await shot(nina.page, "event-page-ny-abroad");

    // My Events says the same.
    await nina.page.goto("/my-events");
    await expect(nina.page.getByTestId("group-hosting")).toContainText("9:00 AM PST · 12:00 PM your time");
    await leo.page.goto("/my-events");
    await expect(leo.page.getByTestId("group-going")).toContainText("9:00 AM PST");
    await expect(leo.page.getByTestId("group-going")).not.toContainText("your time");

    // Notifications: Nina was told Leo joined; she sees the time in New York's clock, named.
    await nina.page.goto("/notifications");
    const ninaStamp = nina.page.locator("main time").first();
    await expect(ninaStamp).toBeVisible();
    const ninaIso = (await ninaStamp.getAttribute("datetime")) as string;
    await expect(ninaStamp).toHaveText(clock(ninaIso, NY, true));
    await shot(nina.page, "notifications-ny-abroad");

    // Chat: one message, each reader sees its time in their own profile's zone.
    expect((await leo.page.request.post(`/api/group-invite/${group.inviteCode}/join`)).status()).toBe(200);
    await nina.page.goto(`/groups?group=${group.id}`);
    await expect(nina.page.getByText("Live")).toBeVisible();
    await new GroupsScreen(nina.page).send("See you at the start line");
    const ninaLine = nina.page.locator("time").filter({ hasText: /[AP]M/ }).last();
    await expect(ninaLine).toBeVisible();
    const sentAt = (await ninaLine.getAttribute("datetime")) as string;
    await expect(ninaLine).toHaveText(clock(sentAt, NY, true));
    await shot(nina.page, "chat-ny-abroad");

    await leo.page.goto(`/groups?group=${group.id}`);
    const leoLine = leo.page.locator(`time[datetime="${sentAt}"]`);
    await expect(leoLine).toHaveText(clock(sentAt, LA, true));
    await shot(leo.page, "chat-la");

    // Leo's notifications (the host changes the event) are on Pacific time, named like every other time.
    expect(
      (
        await nina.page.request.patch(`/api/events/${event.id}`, { data: { description: "Easy pace, coffee after" } })
      ).status(),
    ).toBe(200);
    await leo.page.goto("/notifications");
    const leoStamp = leo.page.locator("main time").first();
    await expect(leoStamp).toBeVisible();
    await expect(leoStamp).toHaveText(clock((await leoStamp.getAttribute("datetime")) as string, LA, true));
  } finally {
    await leo.context.close();
  }
});

test("a Tokyo series read from Los Angeles: JST with your time, Every Saturday, More dates and a host's update named", async ({
  page,
  newPerson,
  signUp,
}) => {
  test.setTimeout(90_000);
  const host = await newPerson({ fullName: "Haru Host", timezone: "Asia/Tokyo" });
  // Saturday 10:00 in Tokyo is Friday 5:00 PM in Los Angeles (standard time in November to March).
  const at = new Date(Date.now() + 2 * 86_400_000);
  at.setUTCHours(1, 0, 0, 0);
  while (at.getUTCDay() !== 6) at.setUTCDate(at.getUTCDate() + 1);
  const title = `${uniqueToken("tokyo")} Morning market`;
  const event = await createEvent(host.page.request, host.account.id, {
    title,
    date: at.toISOString(),
    recurrence: { frequency: "weekly", count: 3 },
    location: "Yoyogi Park",
    latitude: "35.6717",
    longitude: "139.6949",
  });
  // The viewer's profile is Los Angeles; the phone's clock is Berlin's: the profile decides.
  await page.context().close();
  const viewerContext = await page.context().browser()?.newContext({ timezoneId: "Europe/Berlin" });
  if (!viewerContext) throw new Error("no browser");
  const viewer = await viewerContext.newPage();
  await signUp(viewer.request, { timezone: LA });
  const going = await viewer.request.post("/api/event-participants", {
    data: { eventId: event.id, userId: (await (await viewer.request.get("/api/user")).json()).id, status: "going" },
  });
  expect(going.status()).toBe(201);
  const update = await host.page.request.post(`/api/events/${event.id}/updates`, {
    data: { message: "Stall 12 this week" },
  });
  expect(update.status()).toBe(201);

  await new EventScreen(viewer).open(event.id);
  // The server's HTML already names the event: wait for the app's own page.
  await expect(viewer.getByTestId("viewer-status")).toBeVisible({ timeout: 30_000 });
  await expect(viewer.getByText(/Sat, .* 10:00 AM JST · Fri, .* 5:00 PM your time/).first()).toBeVisible();
  await expect(viewer.getByTestId("series-label")).toHaveText("Every Saturday");
  const more = viewer.getByRole("navigation", { name: "More dates" });
  await expect(more.getByRole("link")).toHaveCount(2);
  for (const link of await more.getByRole("link").all())
    await expect(link).toHaveText(/^Sat, .* 10:00 AM JST · Fri, .* 5:00 PM your time$/);
  // The host's update reads in the viewer's profile zone, named (never the phone's Berlin clock).
  await expect(viewer.getByTestId("event-updates")).toContainText(/Haru Host · .*[AP]M PST/);
  await shot(viewer, "tokyo-series-from-la");
  await viewerContext.close();
});
