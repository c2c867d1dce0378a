import { addDays, format } from "date-fns";
import { expectAccessible } from "./axe";
import { createGroup, expect, shot, test } from "./fixtures";

const day = (n: number) => format(addDays(new Date(), n), "yyyy-MM-dd");

test("A poll with three options, proposed from when members are free, is voted on in the chat card and decides itself", async ({
  newPerson,
}) => {
  test.setTimeout(90_000);
  const ana = await newPerson({ fullName: "Ana Admin" });
  const ben = await newPerson({ fullName: "Ben Member" });
  const cy = await newPerson({ fullName: "Cy Third" });
  const group = await createGroup(ana.context.request, { name: "Supper Club" });
  for (const p of [ben, cy]) {
    expect((await p.context.request.post(`/api/group-invite/${group.inviteCode}/join`)).status()).toBe(200);
  }
  // Ben and Cy published the evening in five days as free (My Availability).
  for (const p of [ben, cy]) {
    const saved = await p.context.request.post("/api/availability", {
      data: { userId: p.account.id, date: day(5), timeslots: ["evening"] },
    });
    expect(saved.status()).toBe(200);
  }

  await test.step("Ana's plan form proposes the evening two of three are free; she makes a poll of three options", async () => {
    await ana.page.goto("/groups");
    await ana.page.getByRole("button", { name: "Plan Event" }).click();
    const dialog = ana.page.getByRole("dialog", { name: "Plan Group Event" });
    const suggestion = dialog.getByTestId("suggested-time").first();
    await expect(suggestion).toContainText("Evening (2 of 3 free)");
    await dialog.getByLabel("Title").fill("Supper");
    await dialog.getByRole("switch", { name: /Let the group vote on options/ }).click();
    await dialog.getByLabel("Option 1 date").fill(day(3));
    await dialog.getByLabel("Option 1 place").fill("Noodle bar");
    await dialog.getByLabel("Option 2 date").fill(day(4));
    await dialog.getByLabel("Option 2 place").fill("Taqueria");
    // The proposed time becomes the third option.
    await suggestion.click();
    await expect(dialog.getByTestId("poll-option-input")).toHaveCount(3);
    await expect(dialog.getByLabel("Option 3 date")).toHaveValue(day(5));
    await expect(dialog.getByLabel("Option 3 time")).toHaveValue("18:00");
    await dialog.getByLabel("Decide by date").fill(day(2));
    await shot(ana.page, "poll-form");
    await dialog.getByRole("button", { name: "Create Event" }).click();
    // A poll is not an event yet: its toast says so.
    await expect(ana.page.getByTestId("toast")).toContainText("Poll sent to the group");
    await expect(ana.page.getByTestId("toast")).not.toContainText("Event created!");
    // The dialog's "Vote on Events" shows the poll option by option, as its chat card does.
    await expect(dialog.getByTestId("plan-card").getByTestId("poll-option")).toHaveCount(3);
    await dialog.getByRole("button", { name: "Close" }).click();
  });

  const cardOf = (page: typeof ana.page) => page.getByTestId("plan-card").filter({ hasText: "Supper" });

  await test.step("the poll is a card in the chat; Ben's vote shows on Ana's card with his name, live", async () => {
    await ana.page.getByRole("tab", { name: "Chat" }).click();
    const anaCard = cardOf(ana.page);
    await expect(anaCard).toContainText("Ana Admin started a poll");
    await expect(anaCard.getByTestId("poll-option")).toHaveCount(3);
    // The card says what decides it.
    await expect(anaCard.getByTestId("poll-status")).toContainText("Decides as soon as one option can't be overtaken");
    await expect(ana.page.getByText("Live")).toBeVisible();

    await ben.page.goto(`/groups?group=${group.id}`);
    const benCard = cardOf(ben.page);
    await expect(benCard.getByTestId("poll-option")).toHaveCount(3);
    const benOption = (n: number) => benCard.getByTestId("poll-option").nth(n);
    await benOption(2).getByRole("button", { name: /^Yes/ }).click();
    await expect(benOption(2).getByRole("button", { name: /^Yes/ })).toHaveAttribute("aria-pressed", "true");
    await expect(anaCard.getByTestId("poll-option").nth(2).getByTestId("option-voters")).toHaveText("Yes: Ben Member", {
      timeout: 3000,
    });
    await expectAccessible(ana.page, "chat with a poll card");
    await shot(ana.page, "poll-card");
    await benOption(0).getByRole("button", { name: /^No/ }).click();
    await benOption(1)
      .getByRole("button", { name: /^Maybe/ })
      .click();
    await expect(benOption(1).getByRole("button", { name: /^Maybe/ })).toHaveAttribute("aria-pressed", "true");
  });

  await test.step("Cy votes (API), Ana votes in the card: the evening option wins once nothing can overtake it, on both screens", async () => {
    const plan = await (await cy.context.request.get(`/api/groups/${group.id}/events`)).json();
    const eventId = (plan as { id: number; title: string }[]).find((e) => e.title === "Supper")?.id;
    const detail = await (await cy.context.request.get(`/api/groups/${group.id}/events/${eventId}`)).json();
    for (const [i, vote] of ["no", "yes", "yes"].entries()) {
      const res = await cy.context.request.post(`/api/groups/${group.id}/events/${eventId}/vote`, {
        data: { optionId: detail.options[i].id, vote },
      });
      expect(res.status()).toBe(200);
    }
    const anaCard = cardOf(ana.page);
    const anaOption = (n: number) => anaCard.getByTestId("poll-option").nth(n);
    await anaOption(0)
      .getByRole("button", { name: /^Maybe/ })
      .click();
    await expect(anaOption(0).getByRole("button", { name: /^Maybe/ })).toHaveAttribute("aria-pressed", "true");
    await expect(anaCard.getByTestId("poll-status")).not.toContainText("Decided:");
    // Ana's No to the Maybe-backed option leaves nothing able to overtake the evening: it decides now,
    // though she has not answered the evening yet.
    await anaOption(1).getByRole("button", { name: /^No/ }).click();

    for (const page of [ana.page, ben.page]) {
      const card = cardOf(page);
      await expect(card.getByTestId("poll-status")).toContainText("Decided:", { timeout: 3000 });
      await expect(card.getByTestId("poll-option").nth(2)).toContainText("Chosen");
      await expect(card.getByTestId("poll-option").nth(2).getByRole("button", { name: /^Yes/ })).toBeDisabled();
    }
    await shot(ben.page, "poll-decided");
    const decided = await (await ben.context.request.get(`/api/groups/${group.id}/events/${eventId}`)).json();
    expect(decided).toMatchObject({ decided: true, winnerOptionId: detail.options[2].id });
    // Ben voted yes on the winner, so he is going: the plan is in his calendar subscription.
    const { url } = await (await ben.context.request.get("/api/calendar/subscription")).json();
    const feed = await ben.context.request.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain("SUMMARY:Supper");
  });
});

test("A one-date plan is a card in the chat too: a vote in place shows who voted", async ({ newPerson }) => {
  const ana = await newPerson({ fullName: "Ana Admin" });
  const ben = await newPerson({ fullName: "Ben Member" });
  const group = await createGroup(ana.context.request, { name: "Hikers" });
  await ben.context.request.post(`/api/group-invite/${group.inviteCode}/join`);
  const created = await ana.context.request.post("/api/events", {
    data: { title: "Sunrise hike", groupId: group.id, date: addDays(new Date(), 2).toISOString(), location: "Ridge" },
  });
  expect(created.status()).toBe(201);
  await ben.page.goto(`/groups?group=${group.id}`);
  const card = ben.page.getByTestId("plan-card").filter({ hasText: "Sunrise hike" });
  await expect(card).toContainText("Ana Admin planned");
  await expect(card).toContainText("Ridge");
  await card.getByRole("button", { name: /^Yes/ }).click();
  await expect(card.getByTestId("plan-voters")).toHaveText("Yes: Ben Member");
  await expect(card.getByRole("button", { name: /^Yes/ })).toContainText("1");
});
