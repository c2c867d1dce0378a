import type { APIRequestContext, Page } from "@playwright/test";
import { createEvent, expect, shot, test, uniqueToken } from "./fixtures";

// People to meet at a networking event, on two phones: both guests opt in with what they offer and seek,
// each sees the other suggested with the reason in their own words, one asks for a time, the other accepts,
// both find the meeting (with its table) under Your meetings, and each one's calendar feed holds it.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
test.use(PHONE);

/** Applies to the networking event as the person signed in on `request`; the host approves them. */
async function approved(host: APIRequestContext, guest: APIRequestContext, eventId: number, guestId: number) {
  const applied = await guest.post("/api/event-participants", { data: { eventId, userId: guestId, status: "going" } });
  expect(applied.status()).toBe(201);
  const decided = await host.post(`/api/events/${eventId}/requests/${guestId}`, { data: { decision: "approve" } });
  expect(decided.ok()).toBe(true);
}

/** On the event page: shows oneself to others, with one phrase offered and one sought, typed as chips. */
async function optIn(page: Page, eventId: number, phrases: { offer: string; seek: string }) {
  await page.goto(`/events/${eventId}`);
  const section = page.getByTestId("people-to-meet");
  await expect(section.getByRole("heading", { name: "People to meet" })).toBeVisible();
  await section.getByRole("textbox", { name: "What you offer" }).fill(phrases.offer);
  await section.getByRole("textbox", { name: "What you offer" }).press("Enter");
  await section.getByRole("textbox", { name: "What you seek" }).fill(phrases.seek);
  await section.getByRole("textbox", { name: "What you seek" }).press("Enter");
  await expect(section.getByRole("button", { name: `Remove ${phrases.offer}` })).toBeVisible();
  await section.getByRole("switch", { name: "Show me to others here" }).click();
  await expect(section.getByRole("switch", { name: "Show me to others here" })).toBeChecked();
  return section;
}

/** The person's calendar feed, fetched as a calendar app does: no cookie, only the secret address. */
async function feedOf(request: APIRequestContext, app: APIRequestContext) {
  const { url } = (await (await request.get("/api/calendar/subscription")).json()) as { url: string };
  const feed = await app.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  // Folded lines (RFC 5545) unfolded, so a long summary reads whole.
  return (await feed.text()).replace(/\r\n[ \t]/g, "");
}

test("two guests on phones opt in, see why to meet, book a time at a table and find it in agenda and feed", async ({
  page,
  user: maya,
  newPerson,
  playwright,
  serverURL,
}) => {
  test.setTimeout(180_000);
  const { page: hostPage, account: host } = await newPerson();
  const { page: omar, account: omarAccount } = await newPerson({ fullName: "Omar Haddad" }, PHONE);
  const title = `${uniqueToken("mm")} Founders Mixer`;
  const event = await createEvent(hostPage.request, host.id, {
    title,
    type: "networking",
    category: "tech",
    matchmaking: true,
    meetingSlotMinutes: 15,
    meetingSpots: ["Table 4", "Table 5"],
  });
  await approved(hostPage.request, page.request, event.id, maya.id);
  await approved(hostPage.request, omar.request, event.id, omarAccount.id);

  await optIn(page, event.id, { offer: "product design", seek: "seed investors" });
  const omarSection = await optIn(omar, event.id, { offer: "seed investors", seek: "product design" });

  // Omar sees Maya with both reasons in his words, and asks her for the first free time.
  const mayaCard = omarSection.getByTestId("suggestion").filter({ hasText: maya.fullName });
  await expect(mayaCard).toContainText("Offers product design, which you seek");
  await expect(mayaCard).toContainText("Seeks seed investors, which you offer");
  await shot(omar, "suggestions");
  await mayaCard.getByRole("button", { name: `Ask ${maya.fullName} to meet` }).click();
  const dialog = omar.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Ask ${maya.fullName} to meet` })).toBeVisible();
  const firstSlot = dialog.getByRole("group", { name: "Pick a time" }).getByRole("button").first();
  await firstSlot.click();
  await expect(firstSlot).toHaveAttribute("aria-pressed", "true");
  await dialog.getByRole("textbox", { name: "Note (optional)" }).fill("Coffee and your design portfolio?");
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(omar.getByTestId("toast").filter({ hasText: "Request sent" })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(mayaCard).toContainText("Request sent");
  const omarMeeting = omarSection.getByTestId("your-meetings").getByTestId("meeting");
  await expect(omarMeeting).toContainText(`With ${maya.fullName}`);
  await expect(omarMeeting).toContainText("Waiting for an answer");

  // Maya sees Omar suggested the other way round, and his request waiting for her answer.
  await page.reload();
  const mayaSection = page.getByTestId("people-to-meet");
  const omarCard = mayaSection.getByTestId("suggestion").filter({ hasText: "Omar Haddad" });
  await expect(omarCard).toContainText("Offers seed investors, which you seek");
  await expect(omarCard).toContainText("Seeks product design, which you offer");
  const mayaMeeting = mayaSection.getByTestId("your-meetings").getByTestId("meeting");
  await expect(mayaMeeting).toContainText("With Omar Haddad");
  await expect(mayaMeeting).toContainText("Coffee and your design portfolio?");
  await expect(mayaMeeting).toContainText("Asks to meet you");
  await mayaMeeting.getByRole("button", { name: "Accept" }).click();
  await expect(mayaMeeting).toContainText("Accepted");
  await expect(mayaMeeting).toContainText("at Table 4");
  await shot(page, "your-meetings");

  // Omar's agenda shows it accepted at the table.
  await omar.reload();
  await expect(omarMeeting).toContainText("Accepted");
  await expect(omarMeeting).toContainText("at Table 4");
  await expect(omarMeeting.getByRole("button", { name: "Cancel meeting" })).toBeVisible();

  // Both calendar feeds hold the meeting at its table and the event's place.
  const { meetings } = (await (await page.request.get(`/api/events/${event.id}/meetings`)).json()) as {
    meetings: Array<{ id: number; startsAt: string; spot: string; status: string }>;
  };
  expect(meetings).toHaveLength(1);
  expect(meetings[0]).toMatchObject({ status: "accepted", spot: "Table 4" });
  const app = await playwright.request.newContext({ baseURL: serverURL });
  for (const [request, other] of [
    [page.request, "Omar Haddad"],
    [omar.request, maya.fullName],
  ] as const) {
    const feed = await feedOf(request, app);
    expect(feed).toContain(`UID:meeting-${meetings[0].id}@link`);
    expect(feed).toContain(`SUMMARY:Meeting with ${other} · ${title}`);
    expect(feed).toContain("LOCATION:Table 4 · Test Hall");
  }
  await app.dispose();
});
