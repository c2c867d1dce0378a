import { CREATION_LIMITS, tooManyCreatedText } from "@contract/limits";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { format } from "date-fns";
import { useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "@/features/auth/use-auth";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { toast } from "@/ui/use-toast";
import { CreateEventDialog } from "./create-event-dialog";

const me = currentUserFixture({
  id: 42,
  fullName: "Hana Host",
  username: "hana",
  email: "hana@example.com",
  // Not the test process's zone: the typed time must be read in the user's zone.
  timezone: "Asia/Tokyo",
});

const friend = {
  id: 77,
  fullName: "Priya Shah",
  username: "priya",
  bio: "",
  profession: "",
  profileImage: null,
  interests: [],
  skills: [],
  careerPath: "",
  timezone: "Asia/Tokyo",
};

type Create = (body: Record<string, unknown>) => Response | Promise<Response>;

/** Signed in as `me`; POST /api/events answers with `create`; everything else is an empty list. */
function stubServer(create: Create = (body) => jsonResponse(201, { id: 7, ...body })) {
  return mockFetch((url, init) => {
    if (url === "/api/user") return jsonResponse(200, me);
    if (url === "/api/events" && init?.method === "POST") return create(JSON.parse(String(init.body)));
    if (url.startsWith("/api/users/friends")) return jsonResponse(200, [friend]);
    return jsonResponse(200, []);
  });
}

function SignedIn() {
  const { user } = useAuth();
  return user ? <span data-testid="signed-in">{user.id}</span> : null;
}

/** The bottom bar's role: it owns `open`, so closing from inside really closes. */
function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <SignedIn />
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      <CreateEventDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

async function renderDialog() {
  renderWithProviders(<Harness />);
  await screen.findByTestId("signed-in");
  return screen.getByRole("dialog");
}

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === "/api/events" && init?.method === "POST");

const tomorrow = () => format(new Date(Date.now() + 86_400_000), "yyyy-MM-dd");

async function fillRequired(values: Partial<Record<"title" | "description" | "date" | "time" | "location", string>>) {
  if (values.title) await userEvent.type(screen.getByLabelText("Event Name"), values.title);
  if (values.description) await userEvent.type(screen.getByLabelText("Description"), values.description);
  if (values.location) await userEvent.type(screen.getByLabelText("Location"), values.location);
  // Date and time inputs take their value whole, as a browser's picker sets it.
  if (values.date) fireEvent.change(screen.getByLabelText("Date"), { target: { value: values.date } });
  if (values.time) fireEvent.change(screen.getByLabelText("Time"), { target: { value: values.time } });
}

const submit = () => userEvent.click(screen.getByRole("button", { name: "Create Event" }));

/** The newest toast (one shows at a time); beforeEach leaves a marker so a toast of an earlier test never counts. */
async function toastWith(title: string, description: string) {
  await waitFor(() => {
    const shown = screen.getByTestId("toast");
    expect(shown).toHaveTextContent(title);
    expect(shown).toHaveTextContent(description);
  });
}

beforeEach(() => {
  toast({ title: "test start" });
});

describe("CreateEventDialog", () => {
  it("opens as Social (no audience choice), unlimited; Networking, Tech, 20 attendees; date minimum today (the user's zone)", async () => {
    stubServer();
    await renderDialog();
    expect(screen.getByRole("radio", { name: "Social" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Networking" })).not.toBeChecked();
    expect(screen.queryByLabelText("Who to invite")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Industry/Category")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Maximum Attendees")).toHaveValue(null);
    expect(screen.getByLabelText("Maximum Attendees")).toHaveAttribute("placeholder", "Unlimited");

    // Today as the user's calendar has it (Tokyo), not the device's (the tests run in Los Angeles): the
    // two differ for part of each day, and the person plans in their own zone.
    const today = new Intl.DateTimeFormat("en-CA", {
      timeZone: me.timezone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date());
    expect(screen.getByLabelText("Date")).toHaveAttribute("min", today);
    expect(screen.getByLabelText("Date")).toHaveAttribute("type", "date");
    expect(screen.getByLabelText("Time")).toHaveAttribute("type", "time");
    for (const label of ["Event Name", "Date", "Time", "Location", "Description"]) {
      expect(screen.getByLabelText(label)).toHaveValue("");
    }

    await userEvent.click(screen.getByRole("radio", { name: "Networking" }));
    expect(screen.getByLabelText("Industry/Category")).toHaveTextContent("Tech");
    const max = screen.getByLabelText("Maximum Attendees");
    expect(max).toHaveValue(20);
    expect(max).toHaveAttribute("min", "1");
    expect(screen.queryByLabelText("Who to invite")).not.toBeInTheDocument();
  });

  it.each([
    ["Event Name", "Give the event a name", { description: "Pasta", date: tomorrow(), time: "19:00" }],
    ["Description", "Say what the plan is", { title: "Dinner", date: tomorrow(), time: "19:00" }],
    ["Date", "Pick a day", { title: "Dinner", description: "Pasta", time: "19:00" }],
    ["Time", "Pick a time", { title: "Dinner", description: "Pasta", date: tomorrow() }],
  ])("without %s it says so at the field, focuses it, and sends nothing", async (label, note, values) => {
    const fetchMock = stubServer();
    await renderDialog();
    for (const required of ["Event Name", "Description", "Date", "Time"])
      expect(screen.getByLabelText(required)).toBeRequired();
    await fillRequired({ ...values, location: "Luigi's" });
    await submit();
    await toastWith("Missing Fields", "Please fill out all required fields");
    const field = screen.getByLabelText(label);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(note);
    expect(field).toHaveFocus();
    expect(posts(fetchMock)).toHaveLength(0);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("a whitespace-only name counts as missing", async () => {
    const fetchMock = stubServer();
    await renderDialog();
    await fillRequired({ title: "   ", description: "Pasta", date: tomorrow(), time: "19:00" });
    await submit();
    await toastWith("Missing Fields", "Please fill out all required fields");
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("a name longer than the server takes shows the contract's rule at the field, keeps it, and sends nothing", async () => {
    const fetchMock = stubServer();
    await renderDialog();
    const long = "Dinner ".repeat(29); // 203 characters
    fireEvent.change(screen.getByLabelText("Event Name"), { target: { value: long } });
    await fillRequired({ description: "Pasta", date: tomorrow(), time: "19:00" });
    await submit();
    const field = screen.getByLabelText("Event Name");
    await waitFor(() => expect(field).toHaveAccessibleDescription("A title is at most 200 characters"));
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveFocus();
    expect(field).toHaveValue(long);
    // Nothing is missing, so no "Missing Fields".
    expect(screen.getByTestId("toast")).toHaveTextContent("test start");
    expect(posts(fetchMock)).toHaveLength(0);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("sends the social payload: no audience, category or maxAttendees, the host is the signed-in user", async () => {
    const fetchMock = stubServer();
    await renderDialog();
    // Link keeps no circles of friends: a "Who to invite" choice would restrict nothing.
    expect(screen.queryByText("Who to invite")).not.toBeInTheDocument();
    expect(screen.queryByText("Close Friends")).not.toBeInTheDocument();
    await fillRequired({
      title: "  Dinner at Luigi's ",
      description: "Pasta night",
      date: "2030-07-15",
      time: "19:30",
      location: "Luigi's",
    });
    await submit();
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0][1]?.body))).toEqual({
      title: "Dinner at Luigi's",
      description: "Pasta night",
      date: "2030-07-15T10:30:00.000Z", // 19:30 in Tokyo
      location: "Luigi's",
      hostId: 42,
      type: "social",
    });
    await toastWith("Event Created", "Your social event has been created successfully");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("sends the networking payload: category and an integer maxAttendees, no friendGroupId", async () => {
    const fetchMock = stubServer();
    await renderDialog();
    await userEvent.click(screen.getByRole("radio", { name: "Networking" }));
    await fillRequired({ title: "Founders meetup", description: "Pitch and chat", date: "2030-01-02", time: "08:05" });
    await userEvent.click(screen.getByLabelText("Industry/Category"));
    await userEvent.click(await screen.findByRole("option", { name: "Design" }));
    const max = screen.getByLabelText("Maximum Attendees");
    await userEvent.clear(max);
    await userEvent.type(max, "35");
    await submit();
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const body = JSON.parse(String(posts(fetchMock)[0][1]?.body));
    expect(body).toEqual({
      title: "Founders meetup",
      description: "Pitch and chat",
      date: "2030-01-01T23:05:00.000Z", // 08:05 in Tokyo
      location: "",
      hostId: 42,
      type: "networking",
      category: "design",
      maxAttendees: 35,
    });
    expect(Number.isInteger(body.maxAttendees)).toBe(true);
    await toastWith("Event Created", "Your networking event has been created successfully");
  });

  it("offers a social event's cap, questions, plus-ones and friends as co-hosts up front, and sends them", async () => {
    const fetchMock = stubServer();
    await renderDialog();
    await fillRequired({ title: "Board games", description: "Bring one", date: "2030-07-15", time: "19:30" });
    await userEvent.type(screen.getByLabelText("Maximum Attendees"), "8");
    await userEvent.click(screen.getByRole("button", { name: "Add a question" }));
    await userEvent.type(screen.getByLabelText("Question 1"), "Which game will you bring?");
    await userEvent.click(screen.getByRole("checkbox", { name: "Required" }));
    await userEvent.selectOptions(screen.getByLabelText("Plus-ones per person"), "1");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Priya Shah" }));
    await submit();
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0][1]?.body))).toMatchObject({
      type: "social",
      maxAttendees: 8,
      questions: [{ text: "Which game will you bring?", required: true }],
      maxGuestsPerPerson: 1,
      cohostIds: [77],
    });
  });

  it("marks a question left empty under it, keeps what was typed and sends nothing", async () => {
    const fetchMock = stubServer();
    await renderDialog();
    await fillRequired({ title: "Board games", description: "Bring one", date: "2030-07-15", time: "19:30" });
    await userEvent.click(screen.getByRole("button", { name: "Add a question" }));
    await submit();
    const question = screen.getByLabelText("Question 1");
    await waitFor(() => expect(question).toHaveAttribute("aria-invalid", "true"));
    expect(question).toHaveAccessibleDescription("A question needs its text");
    expect(screen.getByLabelText("Event Name")).toHaveValue("Board games");
    expect(posts(fetchMock)).toEqual([]);
  });

  it("shows Creating... while the request is pending", async () => {
    let answer: (r: Response) => void = () => {};
    stubServer(() => new Promise<Response>((resolve) => (answer = resolve)));
    await renderDialog();
    await fillRequired({ title: "Dinner", description: "Pasta", date: tomorrow(), time: "19:00" });
    await submit();
    const busy = await screen.findByRole("button", { name: "Creating..." });
    expect(busy).toBeDisabled();
    answer(jsonResponse(201, { id: 1 }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("on failure toasts Error, stays open with the fields kept and the button usable again", async () => {
    stubServer(() => jsonResponse(500, { message: "boom" }));
    await renderDialog();
    await fillRequired({ title: "Dinner", description: "Pasta", date: tomorrow(), time: "19:00" });
    await submit();
    await toastWith("Error", "Failed to create the event");
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByLabelText("Event Name")).toHaveValue("Dinner");
    expect(within(dialog).getByRole("button", { name: "Create Event" })).toBeEnabled();
  });

  it("on the hourly creation limit (429) toasts the server's wait, not the generic failure", async () => {
    const message = tooManyCreatedText(CREATION_LIMITS.events.what, 42);
    stubServer(() => jsonResponse(429, { message }));
    await renderDialog();
    await fillRequired({ title: "Dinner", description: "Pasta", date: tomorrow(), time: "19:00" });
    await submit();
    await toastWith("Error", "Too many events created, try again in 42 s");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it.each([
    ["Cancel", () => userEvent.click(screen.getByRole("button", { name: "Cancel" }))],
    // The corner X goes through Radix's onOpenChange, the path Escape and an outside click take too.
    ["the corner X", () => userEvent.click(screen.getByRole("button", { name: "Close" }))],
  ])("closing with %s resets every field", async (_how, close) => {
    const fetchMock = stubServer();
    await renderDialog();
    await userEvent.click(screen.getByRole("radio", { name: "Networking" }));
    await fillRequired({ title: "Dinner", description: "Pasta", date: tomorrow(), time: "19:00", location: "Luigi's" });
    await userEvent.click(screen.getByLabelText("Industry/Category"));
    await userEvent.click(await screen.findByRole("option", { name: "Finance" }));
    await userEvent.clear(screen.getByLabelText("Maximum Attendees"));
    await userEvent.type(screen.getByLabelText("Maximum Attendees"), "5");
    await close();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole("button", { name: "Open dialog" }));
    await screen.findByRole("dialog");
    expect(screen.getByRole("radio", { name: "Social" })).toBeChecked();
    for (const label of ["Event Name", "Description", "Date", "Time", "Location"]) {
      expect(screen.getByLabelText(label)).toHaveValue("");
    }
    await userEvent.click(screen.getByRole("radio", { name: "Networking" }));
    expect(screen.getByLabelText("Industry/Category")).toHaveTextContent("Tech");
    expect(screen.getByLabelText("Maximum Attendees")).toHaveValue(20);
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("a typed past date reaches the server, whose 400 shows the failure toast and keeps the dialog open", async () => {
    // The input carries the rule (min = today); the server is the real guard.
    const fetchMock = stubServer(() => jsonResponse(400, { message: "date: Date cannot be in the past" }));
    await renderDialog();
    await fillRequired({ title: "Dinner", description: "Pasta", date: "2000-01-01", time: "19:00" });
    await submit();
    await toastWith("Error", "Failed to create the event");
    expect(posts(fetchMock)).toHaveLength(1);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});
