import { createEvent, expect, shot, test, uniqueToken } from "./fixtures";

test("applying to a networking event shows Pending; the host approves it and it moves to Going", async ({
  page,
  newPerson,
  signUp,
}) => {
  const { page: hostPage, account: host } = await newPerson();
  const token = uniqueToken("net");
  const title = `${token} Founders Breakfast`;
  await createEvent(hostPage.request, host.id, { title, type: "networking", category: "tech", maxAttendees: 10 });
  const applicant = await signUp(page.request);

  await page.goto("/");
  await page.getByRole("tab", { name: "Networking" }).click();
  await expect(page.getByRole("heading", { name: "Networking Events" })).toBeVisible();
  await expect(page.getByText("Find professional events that match your interests")).toBeVisible();
  await page.getByPlaceholder("Search events by title, description, or tags...").fill(token);
  const card = page.getByTestId("networking-card").filter({ hasText: title });
  await card.getByRole("button", { name: "Apply" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Application Submitted");
  await expect(toast).toContainText(`Your request to join ${title} is pending approval.`);
  await shot(page, "networking");

  await page.getByRole("link", { name: "My Events" }).click();
  await expect(page.getByRole("heading", { name: "My Events" })).toBeVisible();
  await expect(page.getByTestId("group-pending")).toContainText(title);

  await hostPage.goto("/my-events");
  const requests = hostPage.getByTestId("group-hosting").getByTestId("pending-requests");
  await expect(requests).toContainText(applicant.fullName);
  await shot(hostPage, "my-events-host");
  await requests.getByRole("button", { name: "Approve" }).click();
  await expect(hostPage.getByTestId("pending-requests")).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId("group-going")).toContainText(title);
  await expect(page.getByTestId("group-pending")).toHaveCount(0);
  await shot(page, "my-events");
  await page.getByTestId("group-going").getByRole("link", { name: title }).click();
  await expect(page.getByTestId("viewer-status")).toContainText("You're going");
  await expect(page.getByTestId("capacity")).toContainText("1 going · 10 max");
  await shot(page, "event-page");
});
