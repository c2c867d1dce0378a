import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { registerVia, uniqueToken } from "./events-fixtures";

// Issue 12.4: a cover uploaded in the Create New Event dialog is stored as WebP without its EXIF
// (GPS included) and shown on the card in every size; an event without one shows its illustration.
test("a phone photo becomes the card's cover, served as WebP without the phone's location", async ({
  page,
  browser,
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
  await registerVia(page.request);
  await page.goto("/");
  await page.getByRole("button", { name: "Create event", exact: true }).click();
  const dialog = page.getByRole("dialog");
  const title = `${uniqueToken("cover")} Picnic`;
  await dialog.getByLabel("Event Name").fill(title);
  await dialog.getByLabel("Description").fill("Blankets, snacks and frisbee");
  const day = new Date(Date.now() + 2 * 86_400_000);
  await dialog
    .getByLabel("Date")
    .fill(
      `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`,
    );
  await dialog.getByLabel("Time").fill("12:30");
  // Until a photo is chosen the preview is the illustration the event will have.
  await expect(dialog.getByTestId("event-cover-illustration")).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Upload cover" }).click();
  await (await chooser).setFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo });
  const preview = dialog.getByTestId("photo-preview").locator("img");
  await expect(preview).toHaveAttribute("src", /^\/api\/uploads\/[A-Za-z0-9_-]+$/);
  await page.screenshot({ path: "/tmp/shots/h7/create-dialog-cover.png" });
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(page.getByTestId("toast")).toContainText("Event Created");

  // Someone else finds it in their deck (a host's own events stay out of the host's deck).
  const guestContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const guest = await guestContext.newPage();
  await registerVia(guest.request);
  await guest.goto("/");
  await guest.getByPlaceholder("Search social events...").fill(title);
  const card = guest.getByTestId("swipe-card");
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
  await guest.getByPlaceholder("Search social events...").fill("Watercolor Workshop");
  await expect(card.getByTestId("event-cover-illustration")).toHaveAttribute("data-kind", "creative");
  await guestContext.close();
});
