import { createEvent, expect, shot, test, uniqueToken } from "./fixtures";

test("A change pushed on the socket updates the screen showing it: an approval, an accepted friend request", async ({
  newPerson,
}) => {
  const host = await newPerson({ fullName: "Hana Host" });
  const guest = await newPerson({ fullName: "Gil Guest" });

  await test.step("the applicant's My Events moves from Pending to Going as the host approves, with no reload", async () => {
    const title = `${uniqueToken("live")} Founders Breakfast`;
    const event = await createEvent(host.context.request, host.account.id, {
      title,
      type: "networking",
      category: "tech",
      maxAttendees: 10,
    });
    const applied = await guest.context.request.post("/api/event-participants", {
      data: { eventId: event.id, userId: guest.account.id, status: "pending" },
    });
    expect(applied.status()).toBeLessThan(300);
    await guest.page.goto("/my-events");
    await expect(guest.page.getByTestId("group-pending")).toContainText(title);

    const approved = await host.context.request.post(`/api/events/${event.id}/requests/${guest.account.id}`, {
      data: { decision: "approve" },
    });
    expect(approved.status()).toBe(200);
    // The bell learns it from the socket; so does the list, well inside the 15 s it used to take.
    await expect(guest.page.getByTestId("group-going")).toContainText(title, { timeout: 3000 });
    await expect(guest.page.getByTestId("group-pending")).toHaveCount(0);
  });

  await test.step("Hana asks Gil for friendship; Gil accepts inline from the notification; Hana's 'Requested' turns to 'Friends'", async () => {
    await host.page.goto(`/users/${guest.account.id}`);
    await host.page.getByRole("button", { name: "Connect" }).click();
    await expect(host.page.getByRole("button", { name: "Requested" })).toBeVisible();

    await guest.page.goto("/notifications");
    const request = guest.page.getByTestId("notification-item").filter({ hasText: "New friend request" });
    await expect(request).toContainText("Hana Host wants to connect with you");
    const accept = request.getByRole("button", { name: "Accept" });
    await expect(accept).toHaveAccessibleDescription("Hana Host wants to connect with you");
    await expect(request.getByRole("button", { name: "Decline" })).toBeVisible();
    await shot(guest.page, "friend-request-inline");
    await accept.click();
    await expect(request.getByText("Friends")).toBeVisible();
    await expect(request.getByRole("button", { name: "Accept" })).toHaveCount(0);

    await expect(host.page.getByRole("button", { name: "Friends" })).toBeVisible({ timeout: 3000 });
    await expect(host.page.getByRole("button", { name: "Requested" })).toHaveCount(0);
  });
});

test("Declining a friend request inline removes the buttons and leaves the sender unanswered", async ({
  newPerson,
}) => {
  const a = await newPerson({ fullName: "Ada Asker" });
  const b = await newPerson({ fullName: "Ben Busy" });
  expect((await a.context.request.post("/api/friends/requests", { data: { userId: b.account.id } })).status()).toBe(
    200,
  );
  await b.page.goto("/notifications");
  const request = b.page.getByTestId("notification-item").filter({ hasText: "New friend request" });
  await request.getByRole("button", { name: "Decline" }).click();
  await expect(b.page.getByTestId("toast")).toContainText("Request declined");
  await expect(request.getByRole("button", { name: "Accept" })).toHaveCount(0);
  const status = await b.context.request.get(`/api/friends/status/${a.account.id}`);
  expect((await status.json()).status).toBe("none");
});
