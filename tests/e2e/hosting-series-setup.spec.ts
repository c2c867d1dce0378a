import { expect, shot, test, uniqueToken } from "./fixtures";
import { CreateEventDialog, localDay } from "./pages/create-event";
import { EventScreen } from "./pages/event";

/**
 * A weekly series is set up once, in Create Event: its question, plus-ones, cap and a co-host (a friend)
 * reach every date, so a guest of the second date is asked the same and the co-host helps there too.
 */
const loaded = { timeout: 20_000 };
// Three people and a three-date series: on a shared, loaded machine this takes longer than the default 30 s.
test.setTimeout(120_000);

test("a series' question, plus-ones, cap and co-host set at creation reach its second date", async ({
  page,
  user: _guest,
  newPerson,
}) => {
  const { page: hostPage, account: host, context: hostContext } = await newPerson({ fullName: "Alex Rivera" });
  const { page: cohostPage, account: cohost, context: cohostContext } = await newPerson({ fullName: "Priya Shah" });
  expect((await hostContext.request.post("/api/friends/requests", { data: { userId: cohost.id } })).ok()).toBe(true);
  expect((await cohostContext.request.post(`/api/friends/requests/${host.id}/accept`)).ok()).toBe(true);

  const title = `${uniqueToken("games")} Board games`;
  await hostPage.goto("/");
  // The dialog's chunk loads on first use: let the page settle first on a busy machine.
  await hostPage.waitForLoadState("networkidle");
  const create = new CreateEventDialog(hostPage);
  const dialog = await create.open();
  await create.fill({ title, description: "Bring a game", day: localDay(3), time: "19:00" });
  await dialog.getByLabel("Maximum Attendees").fill("8");
  await dialog.getByRole("button", { name: "Add a question" }).click();
  await dialog.getByLabel("Question 1", { exact: true }).fill("Which game will you bring?");
  await dialog.getByRole("checkbox", { name: "Required" }).check();
  await dialog.getByLabel("Plus-ones per person").selectOption("1");
  await dialog.getByRole("checkbox", { name: "Priya Shah" }).check();
  await dialog.getByLabel("Repeats").selectOption({ label: "Every week" });
  await dialog.getByLabel("Number of dates").fill("3");
  await shot(hostPage, "create-series-guests");
  await create.create();

  const hosted = (await (await hostPage.request.get(`/api/events/user?userId=${host.id}`)).json()) as Array<{
    id: number;
    title: string;
  }>;
  const dates = hosted.filter((e) => e.title === title);
  expect(dates).toHaveLength(3);

  // The co-host's page for the second date shows the hosting tools, with the question and plus-ones saved.
  const screen = new EventScreen(cohostPage);
  await screen.open(dates[1].id);
  const tools = cohostPage.getByRole("region", { name: "Hosting" });
  await expect(tools).toBeVisible(loaded);
  await expect(tools.getByLabel("Question 1", { exact: true })).toHaveValue("Which game will you bring?");
  await expect(tools.getByLabel("Plus-ones per person")).toHaveValue("1");
  await expect(cohostPage.getByTestId("capacity")).toHaveText("0 going · 8 max");
  await shot(cohostPage, "series-second-date-guest-options");

  // A guest joining the second date is asked the question and may bring one.
  await new EventScreen(page).open(dates[1].id);
  await page.getByRole("button", { name: "Join" }).click(loaded);
  const ask = page.getByRole("dialog");
  await expect(ask.getByLabel(/Which game will you bring\?/)).toBeVisible();
  await ask.getByLabel(/Which game will you bring\?/).fill("Catan");
  await expect(ask.getByLabel("Plus-ones")).toBeVisible();
});
