import { createEvent, expect, shot, test, uniqueToken } from "./fixtures";
import { DiscoverScreen } from "./pages/discover";
import { EventScreen } from "./pages/event";

/** The first look at a page just opened: a shared, busy machine may take a while to load its chunk. */
const loaded = { timeout: 20_000 };

test("answering from Discover asks the host's questions first, and the host sees the answers with the request", async ({
  page,
  user,
  newPerson,
}) => {
  const { page: hostPage, account: host } = await newPerson({ fullName: "Hana Host" });
  const token = uniqueToken("ask");
  const breakfast = await createEvent(hostPage.request, host.id, {
    title: `${token} Founders Breakfast`,
    type: "networking",
    category: "tech",
    maxAttendees: 10,
    questions: [{ text: "What are you building?", required: true }],
  });
  const picnic = await createEvent(hostPage.request, host.id, {
    title: `${token} Park picnic`,
    questions: [{ text: "Any allergies?", required: true }],
    maxGuestsPerPerson: 1,
  });

  // Networking: Apply opens the host's question instead of sending an application without its answer.
  await page.goto("/");
  await page.getByRole("tab", { name: "Networking" }).click();
  await page.getByPlaceholder("Search events by title, description, or tags...").fill(token);
  const card = page.getByTestId("networking-card").filter({ hasText: breakfast.title });
  await card.getByRole("button", { name: `Apply to ${breakfast.title}` }).click(loaded);
  const apply = page.getByRole("dialog", { name: "Apply" });
  await apply.getByLabel("What are you building?").fill("A robot that waters plants");
  await shot(page, "networking-apply-asks");
  await apply.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByTestId("toast")).toContainText("Application Submitted");
  await expect(card.getByText("Pending")).toBeVisible();

  // The deck: Going on a card whose host asks keeps the card until the answer is given.
  await page.getByRole("tab", { name: "Social" }).click();
  const deck = new DiscoverScreen(page);
  await deck.search.fill(token);
  await expect(deck.card).toContainText(picnic.title, loaded);
  await deck.answer("Going");
  const join = page.getByRole("dialog", { name: "Join" });
  await expect(join.getByLabel("Any allergies?")).toBeVisible();
  // Cancelling leaves the card where it was, unanswered.
  await join.getByRole("button", { name: "Cancel" }).click();
  await expect(join).toHaveCount(0);
  await expect(deck.card).toContainText(picnic.title);
  await deck.answer("Going");
  await join.getByLabel("Any allergies?").fill("Peanuts");
  await join.getByLabel("Plus-ones").selectOption({ label: "Me + 1" });
  await shot(page, "deck-going-asks");
  await join.getByRole("button", { name: "Confirm" }).click();
  // The card left as a swipe's would: the deck is through, and the answer can still be undone.
  await expect(deck.card).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No More Events" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();

  // The host sees each answer with its request.
  const screen = new EventScreen(hostPage);
  await screen.open(breakfast.id);
  const applicant = hostPage.getByTestId("guest-row").filter({ hasText: user.fullName });
  await expect(applicant).toContainText("What are you building?: A robot that waters plants", loaded);
  await expect(applicant.getByRole("button", { name: "Approve" })).toBeVisible();
  await shot(hostPage, "host-sees-answer");
  await screen.open(picnic.id);
  const guest = hostPage.getByTestId("guest-row").filter({ hasText: user.fullName });
  await expect(guest).toContainText("Any allergies?: Peanuts", loaded);
  await expect(guest).toContainText("+1");
});
