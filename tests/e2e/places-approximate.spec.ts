import { aroundText, PLACE_TEXTS } from "@contract/places-texts";
import { expect, test, uniqueToken } from "./fixtures";
import { CreateEventDialog, localDay } from "./pages/create-event";

test("without a geocoder a venue typed by hand is 'Around' its town and Open in Maps searches the typed address", async ({
  page,
  user: _host,
}) => {
  test.setTimeout(90_000);
  await page.goto("/");
  const create = new CreateEventDialog(page);
  const dialog = await create.open();
  const title = `Coffee tasting ${uniqueToken("c")}`;
  await create.fill({ title, description: "Three roasts", day: localDay(3), time: "10:00" });
  // The venue is typed; only its city is found (no GEOCODER_URL in this server).
  await dialog.getByLabel("Location").fill("Blue Bottle, 66 Mint St");
  await dialog.getByRole("combobox", { name: "Search for a place" }).fill("san fran");
  await dialog.getByRole("option", { name: "San Francisco CA, United States", exact: true }).click();
  await expect(dialog.getByLabel("Location")).toHaveValue("Blue Bottle, 66 Mint St");
  await create.create();

  await expect(page).toHaveURL(/\/events\/\d+/);
  const place = page.getByTestId("event-place");
  await expect(place).toContainText("Blue Bottle, 66 Mint St");
  await expect(place.getByTestId("place-approximate")).toHaveText(aroundText("San Francisco"));
  // Not City Hall: the maps app is asked for the typed address.
  await expect(place.getByRole("link", { name: PLACE_TEXTS.openInMaps })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/search?query=Blue%20Bottle%2C%2066%20Mint%20St",
  );
  // Never raw coordinates on screen.
  await expect(page.locator("main")).not.toContainText(/-?\d{1,3}\.\d{3,}/);
  // Its time is San Francisco's, named.
  await expect(page.getByRole("article")).toContainText(/10:00 AM P[SD]T/);
});

test("on an iPhone, Open in Maps opens Apple Maps; on Android, the geo: chooser", async ({ newPerson }) => {
  for (const [agent, prefix] of [
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
      "https://maps.apple.com/?ll=",
    ],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36", "geo:"],
  ] as const) {
    const person = await newPerson({}, { userAgent: agent });
    const res = await person.page.request.post("/api/events", {
      data: {
        title: "Picnic",
        description: "Blankets",
        date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        location: "Dolores Park",
        latitude: "37.7596",
        longitude: "-122.4269",
        hostId: person.account.id,
        type: "social",
      },
    });
    const event = (await res.json()) as { id: number };
    await person.page.goto(`/events/${event.id}`);
    const link = person.page.getByTestId("event-place").getByRole("link", { name: PLACE_TEXTS.openInMaps });
    await expect(link).toHaveAttribute("href", new RegExp(`^${prefix.replace(/[.?/]/g, "\\$&")}`));
  }
});
