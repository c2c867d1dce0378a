import { registerPayload } from "../../src/server/test/people";
import { createEvent, expect, shot, test, uniqueToken } from "./fixtures";
import { AuthScreen } from "./pages/auth";
import { EventScreen } from "./pages/event";
import { EventPreviewScreen } from "./pages/event-preview";

/** The first look at a page just opened: a shared, busy machine may take a while to load its chunk. */
const loaded = { timeout: 20_000 };

test("a shared link's Apply, after registering, asks the host's question; the host sees the answer", async ({
  page,
  browser,
  user: host,
}) => {
  test.setTimeout(90_000);
  const event = await createEvent(page.request, host.id, {
    title: `${uniqueToken("pv")} Founders Breakfast`,
    type: "networking",
    category: "tech",
    maxAttendees: 10,
    questions: [{ text: "What are you building?", required: true }],
  });

  const visitor = await browser.newContext();
  try {
    const stranger = await visitor.newPage();
    const preview = new EventPreviewScreen(stranger);
    await preview.open(event.id);
    await preview.join.click(loaded);
    const newcomer = registerPayload({ fullName: "New Comer" });
    const auth = new AuthScreen(stranger);
    await auth.passGate();
    await auth.register(newcomer, newcomer.password);
    await expect(stranger).toHaveURL(new RegExp(`/events/${event.id}$`), loaded);

    // Back on the event, the application waits for the host's question instead of going out bare.
    const apply = stranger.getByRole("dialog", { name: "Apply" });
    await apply.getByLabel("What are you building?").fill("A robot that waters plants", loaded);
    await shot(stranger, "preview-join-asks");
    await apply.getByRole("button", { name: "Send application" }).click();
    await expect(stranger.getByTestId("toast")).toContainText("Application Submitted");
    await expect(stranger.getByTestId("viewer-status")).toContainText("Request pending");

    await new EventScreen(page).open(event.id);
    const row = page.getByTestId("guest-row").filter({ hasText: "New Comer" });
    await expect(row).toContainText("What are you building?: A robot that waters plants", loaded);
    await expect(row.getByRole("button", { name: "Approve" })).toBeVisible();
    await stranger.request.delete("/api/account", { data: { password: newcomer.password } });
  } finally {
    await visitor.close();
  }
});
