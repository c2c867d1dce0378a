import sharp from "sharp";
import { expect, shot, test, uniqueToken } from "./fixtures";
import { CreateEventDialog, localDay } from "./pages/create-event";
import { DiscoverScreen } from "./pages/discover";

// A cover uploaded in the Create New Event dialog is stored as WebP without its EXIF
// (GPS included) and shown on the card in every size; an event without one shows its illustration.
test("a phone photo becomes the card's cover, served as WebP without the phone's location", async ({
  page,
  signUp,
  newPerson,
}) => {
  const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#3a7" } })
    .jpeg()
    .withExif({
      IFD0: { Model: "Secret Phone 9" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "37/1 46/1 30/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "122/1 25/1 10/1",
      },
    })
    .toBuffer();
  await signUp(page.request);
  await page.goto("/");
  const create = new CreateEventDialog(page);
  const dialog = await create.open();
  const title = `${uniqueToken("cover")} Picnic`;
  await create.fill({ title, description: "Blankets, snacks and frisbee", day: localDay(2), time: "12:30" });
  // Until a photo is chosen the preview is the illustration the event will have.
  await expect(dialog.getByTestId("event-cover-illustration")).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Upload cover" }).click();
  await (await chooser).setFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo });
  const preview = dialog.getByTestId("photo-preview").locator("img");
  await expect(preview).toHaveAttribute("src", /^\/api\/uploads\/[A-Za-z0-9_-]+$/);
  await shot(page, "create-dialog-cover");
  await create.submit();
  await expect(create.toast).toContainText("Event Created");

  // Someone else finds it in their deck (a host's own events stay out of the host's deck).
  const { page: guest } = await newPerson();
  const deck = new DiscoverScreen(guest);
  await deck.open(title);
  const card = deck.card;
  await expect(card).toContainText(title);
  const cover = card.getByTestId("event-cover-photo");
  const src = (await cover.getAttribute("src")) as string;
  expect(await cover.getAttribute("srcset")).toBe(`${src}/320 320w, ${src}/640 640w, ${src}/1280 1280w`);
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  for (const url of [src, `${src}/320`]) {
    const res = await guest.request.get(url);
    expect(res.headers()["content-type"]).toBe("image/webp");
    const bytes = await res.body();
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(bytes.includes(Buffer.from("Secret Phone"))).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
  }

  // Another event without a cover shows its category's illustration on the card.
  await deck.search.fill("Watercolor Workshop");
  await expect(card.getByTestId("event-cover-illustration")).toHaveAttribute("data-kind", "creative");
});
