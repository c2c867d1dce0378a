import { type Browser, expect, type Page, test } from "@playwright/test";
import { registerVia, uniqueToken } from "./events-fixtures";

/**
 * Issue 12.2 acceptance: someone registers from a browser in Los Angeles and sees an event at
 * 9:00 AM (Pacific) that a New York user sees at 12:00 PM EST; chat and notifications follow the
 * same zones. The New York user browses from a device set to Pacific time, so the app names the
 * profile's zone ("EST") beside every time; the Los Angeles user's device agrees with the profile,
 * so no abbreviation is needed.
 */

const shots = process.env.SCREENSHOTS === "1";
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

async function passGate(page: Page) {
  await page.getByLabel("Access code").pressSequentially("1234567890");
  await page.getByRole("button", { name: "Continue to App" }).click();
  await expect(page.getByText("Connect with friends and professionals")).toBeVisible();
}

async function newPerson(browser: Browser, timezoneId: string) {
  const context = await browser.newContext({ timezoneId });
  return { context, page: await context.newPage() };
}

test("times follow each person's zone: 9:00 AM in Los Angeles is 12:00 PM EST for New York, in events, chat and notifications", async ({
  browser,
}) => {
  const nina = await newPerson(browser, LA);
  const leo = await newPerson(browser, LA);
  try {
    // Nina lives in New York (her profile's zone), visiting the west coast with her phone on Pacific time.
    const ninaUser = await registerVia(nina.page.request, { timezone: NY });
    const title = `Sunrise run ${uniqueToken("tz")}`;
    const when = nineAmPst();
    const created = await nina.page.request.post("/api/events", {
      data: {
        title,
        description: "Easy pace",
        date: when.toISOString(),
        location: "Crissy Field",
        hostId: ninaUser.id,
        type: "social",
        latitude: "37.8037",
        longitude: "-122.4668",
      },
    });
    expect(created.status()).toBe(201);
    const event = (await created.json()) as { id: number };
    const group = (await (
      await nina.page.request.post("/api/groups", {
        data: { name: `Runners ${uniqueToken("g")}`, description: "", isPrivate: true },
      })
    ).json()) as {
      id: number;
      inviteCode: string;
    };

    // Leo registers through the form in a Los Angeles browser: his account takes the browser's zone.
    await leo.page.goto("/auth");
    await passGate(leo.page);
    await leo.page.getByRole("tab", { name: "Register" }).click();
    const leoName = uniqueToken("leo");
    await leo.page.getByLabel("Full Name").fill("Leo West");
    await leo.page.getByLabel("Username").fill(leoName);
    await leo.page.getByLabel("Email").fill(`${leoName}@example.com`);
    await leo.page.getByLabel("Password", { exact: true }).fill("secret-123");
    await leo.page.getByLabel("Confirm Password").fill("secret-123");
    await leo.page.getByRole("button", { name: "Create Account" }).click();
    await expect(leo.page).toHaveURL(/\/$/);
    expect(((await (await leo.page.request.get("/api/user")).json()) as { timezone: string }).timezone).toBe(LA);

    // The event page: 9:00 AM for Leo (his device agrees), 12:00 PM EST for Nina.
    await leo.page.goto(`/events/${event.id}`);
    await expect(leo.page.getByRole("heading", { name: title })).toBeVisible();
    const leoTime = leo.page.getByRole("article").getByText(/\d{4}, \d{1,2}:\d{2} [AP]M/);
    await expect(leoTime).toHaveText(/, 9:00 AM$/);
    await leo.page.getByRole("button", { name: "Join" }).click();
    await expect(leo.page.getByTestId("viewer-status")).toContainText("You're going");
    if (shots) await leo.page.screenshot({ path: "/tmp/shots/h8/event-page-la.png" });

    await nina.page.goto(`/events/${event.id}`);
    await expect(nina.page.getByRole("article").getByText(/\d{4}, \d{1,2}:\d{2} [AP]M/)).toHaveText(/, 12:00 PM EST$/);
    if (shots) await nina.page.screenshot({ path: "/tmp/shots/h8/event-page-ny-abroad.png" });

    // My Events says the same.
    await nina.page.goto("/my-events");
    await expect(nina.page.getByTestId("group-hosting")).toContainText("12:00 PM EST");
    await leo.page.goto("/my-events");
    await expect(leo.page.getByTestId("group-going")).toContainText("9:00 AM");
    await expect(leo.page.getByTestId("group-going")).not.toContainText("PST");

    // Notifications: Nina was told Leo joined; she sees the time in New York's clock, named.
    await nina.page.goto("/notifications");
    const ninaStamp = nina.page.locator("main time").first();
    await expect(ninaStamp).toBeVisible();
    const ninaIso = (await ninaStamp.getAttribute("datetime")) as string;
    await expect(ninaStamp).toHaveText(clock(ninaIso, NY, true));
    if (shots) await nina.page.screenshot({ path: "/tmp/shots/h8/notifications-ny-abroad.png" });

    // Chat: one message, each reader sees its time in their own profile's zone.
    expect((await leo.page.request.post(`/api/group-invite/${group.inviteCode}/join`)).status()).toBe(200);
    await nina.page.goto(`/groups?group=${group.id}`);
    await expect(nina.page.getByText("Live")).toBeVisible();
    await nina.page.getByLabel("Message", { exact: true }).fill("See you at the start line");
    await nina.page.getByLabel("Message", { exact: true }).press("Enter");
    const ninaLine = nina.page.locator("time").filter({ hasText: /[AP]M/ }).last();
    await expect(ninaLine).toBeVisible();
    const sentAt = (await ninaLine.getAttribute("datetime")) as string;
    await expect(ninaLine).toHaveText(clock(sentAt, NY, true));
    if (shots) await nina.page.screenshot({ path: "/tmp/shots/h8/chat-ny-abroad.png" });

    await leo.page.goto(`/groups?group=${group.id}`);
    const leoLine = leo.page.locator(`time[datetime="${sentAt}"]`);
    await expect(leoLine).toHaveText(clock(sentAt, LA, false));
    if (shots) await leo.page.screenshot({ path: "/tmp/shots/h8/chat-la.png" });

    // Leo's notifications (the host changes the event) are on Pacific time, with no abbreviation.
    expect(
      (
        await nina.page.request.patch(`/api/events/${event.id}`, { data: { description: "Easy pace, coffee after" } })
      ).status(),
    ).toBe(200);
    await leo.page.goto("/notifications");
    const leoStamp = leo.page.locator("main time").first();
    await expect(leoStamp).toBeVisible();
    await expect(leoStamp).toHaveText(clock((await leoStamp.getAttribute("datetime")) as string, LA, false));
  } finally {
    await nina.context.close();
    await leo.context.close();
  }
});
