import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "@/features/auth/use-auth";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { toast } from "@/ui/use-toast";
import { PlanEventDialog } from "./plan-event-dialog";

// Not the test process's zone: the typed time is read in the planner's.
const me = currentUserFixture({ id: 42, timezone: "Asia/Tokyo" });

function stubServer() {
  return mockFetch((url, init) => {
    if (url === "/api/user") return jsonResponse(200, me);
    if (url === "/api/events" && init?.method === "POST")
      return jsonResponse(201, { id: 9, ...JSON.parse(String(init.body)) });
    return jsonResponse(200, []);
  });
}

function SignedIn() {
  const { user } = useAuth();
  return user ? <PlanEventDialog groupId={5} groupName="Hikers" open onOpenChange={() => {}} /> : null;
}

async function renderDialog() {
  const fetchMock = stubServer();
  renderWithProviders(<SignedIn />);
  await screen.findByRole("dialog", { name: "Plan Group Event" });
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === "/api/events" && init?.method === "POST");

const create = () => userEvent.click(screen.getByRole("button", { name: "Create Event" }));

beforeEach(() => {
  toast({ title: "test start" });
});

describe("PlanEventDialog: the plan form", () => {
  it("sends a one-date plan for the group, read in the planner's zone, then shows the votes", async () => {
    const fetchMock = await renderDialog();
    await userEvent.type(screen.getByLabelText("Title"), " Sunrise hike ");
    await userEvent.type(screen.getByLabelText("Description"), "Bring water");
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2030-07-15" } });
    fireEvent.change(screen.getByLabelText("Time"), { target: { value: "05:30" } });
    await userEvent.type(screen.getByLabelText("Location"), "Trailhead");
    await create();
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0][1]?.body))).toEqual({
      title: "Sunrise hike",
      description: "Bring water",
      date: "2030-07-14T20:30:00.000Z", // 05:30 in Tokyo
      type: "social",
      location: "Trailhead",
      groupId: 5,
    });
    await waitFor(() => expect(screen.getByTestId("toast")).toHaveTextContent("Event created!"));
    expect(screen.getByRole("tab", { name: "Vote on Events" })).toHaveAttribute("aria-selected", "true");
  });

  it("without a title says so at the field and sends nothing", async () => {
    const fetchMock = await renderDialog();
    await userEvent.type(screen.getByLabelText("Description"), "Bring water");
    await create();
    const title = screen.getByLabelText("Title");
    await waitFor(() => expect(title).toHaveAccessibleDescription("Event title is required"));
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(title).toHaveFocus();
    expect(screen.getByLabelText("Description")).toHaveValue("Bring water");
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("a title longer than the server takes shows the contract's rule, keeps what was typed, and sends nothing", async () => {
    const fetchMock = await renderDialog();
    const long = "Hike ".repeat(41);
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: long } });
    await create();
    const title = screen.getByLabelText("Title");
    await waitFor(() => expect(title).toHaveAccessibleDescription("A title is at most 200 characters"));
    expect(title).toHaveValue(long);
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("as a poll sends its options and when it decides", async () => {
    const fetchMock = await renderDialog();
    await userEvent.type(screen.getByLabelText("Title"), "Supper");
    await userEvent.click(screen.getByRole("switch", { name: /Let the group vote on options/ }));
    fireEvent.change(screen.getByLabelText("Option 1 date"), { target: { value: "2030-07-15" } });
    fireEvent.change(screen.getByLabelText("Option 1 time"), { target: { value: "19:00" } });
    fireEvent.change(screen.getByLabelText("Option 2 date"), { target: { value: "2030-07-16" } });
    fireEvent.change(screen.getByLabelText("Option 2 time"), { target: { value: "19:00" } });
    await userEvent.type(screen.getByLabelText("Option 2 place"), "Luigi's");
    fireEvent.change(screen.getByLabelText("Decide by date"), { target: { value: "2030-07-14" } });
    fireEvent.change(screen.getByLabelText("Decide by time"), { target: { value: "12:00" } });
    await create();
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0][1]?.body))).toEqual({
      title: "Supper",
      description: "",
      type: "social",
      groupId: 5,
      options: [
        { date: "2030-07-15T10:00:00.000Z", location: "" },
        { date: "2030-07-16T10:00:00.000Z", location: "Luigi's" },
      ],
      decideBy: "2030-07-14T03:00:00.000Z",
    });
    await waitFor(() => expect(screen.getByTestId("toast")).toHaveTextContent("Poll sent to the group"));
  });
});
