import sharp from "sharp";
import { createEvent, createGroup, expect, test } from "./fixtures";

/** What a chat app's link unfurler reads: the HTML the server sends for the address, before any script runs. */
function cardOf(html: string) {
  const meta = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;
  return {
    title: meta("og:title"),
    description: meta("og:description"),
    image: meta("og:image"),
    twitterCard: meta("twitter:card"),
  };
}

test("an event's link and a group invite's unfurl into cards, and a hostile title stays text", async ({
  page,
  browser,
  user,
}) => {
  const hostile = `Sundowner"><script>window.pwned=1</script>`;
  const event = await createEvent(page.request, user.id, {
    title: hostile,
    description: "Bring a jacket",
    location: "Dolores Park",
    latitude: "37.7596",
    longitude: "-122.4269",
    tags: ["food"],
  });
  const group = await createGroup(page.request, { name: "Book club", description: "Monthly", isPrivate: true });

  // The unfurler is signed out.
  const unfurler = await browser.newContext();
  try {
    const eventHtml = await (await unfurler.request.get(`/events/${event.id}`)).text();
    const card = cardOf(eventHtml);
    expect(card.title).toBe("Sundowner&quot;&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;");
    expect(card.description).toMatch(/ P[SD]T · Dolores Park — Bring a jacket$/);
    expect(card.image).toMatch(/\/link-images\/illustration-food\.jpg$/);
    // A picture chat apps show: a 1200 x 630 JPEG, not the SVG illustration itself.
    const picture = await unfurler.request.get(new URL(card.image as string).pathname);
    expect(picture.headers()["content-type"]).toBe("image/jpeg");
    const { format, width, height } = await sharp(await picture.body()).metadata();
    expect([format, width, height]).toEqual(["jpeg", 1200, 630]);
    expect(card.twitterCard).toBe("summary_large_image");
    expect(eventHtml).not.toContain("<script>window.pwned=1</script>");

    const inviteCard = cardOf(await (await unfurler.request.get(`/invite/${group.inviteCode}`)).text());
    expect(inviteCard.title).toBe("Join Book club on Link");
    expect(inviteCard.description).toBe("1 member · Monthly");

    // The page itself still renders the app, and the hostile title as text.
    const visitor = await unfurler.newPage();
    await visitor.goto(`/events/${event.id}`);
    await expect(visitor.getByRole("heading", { name: hostile })).toBeVisible();
    expect(await visitor.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  } finally {
    await unfurler.close();
  }
});
