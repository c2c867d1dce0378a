import type { EventDetail } from "@contract/events";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { eventFixture } from "@/test/fixtures";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { toast } from "@/ui/use-toast";
import { EditEventDialog } from "./edit-event-dialog";

/** The host's own event, 19:00 on 1 June 2030 in New York. */
const event = {
  ...eventFixture({ id: 11, title: "Rooftop dinner", description: "Tacos", location: "Roof", maxAttendees: 12 }),
  host: null,
  attendees: [],
  attendeeCount: 0,
  guestListHidden: false,
  viewerStatus: null,
  waitlistPosition: null,
  isHost: true,
} as unknown as EventDetail;

function stubServer() {
  return mockFetch((url, init) => {
    if (url === "/api/events/11" && init?.method === "PATCH")
      return jsonResponse(200, { ...event, ...JSON.parse(String(init.body)) });
    return jsonResponse(200, []);
  });
}

const patches = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === "/api/events/11" && init?.method === "PATCH");

const save = () => userEvent.click(screen.getByRole("button", { name: "Save" }));

beforeEach(() => {
  toast({ title: "test start" });
});

describe("EditEventDialog", () => {
  it("opens with the event as it is, on its own zone's wall clock, and sends what changed (no unmoved date)", async () => {
    const fetchMock = stubServer();
    renderWithProviders(<EditEventDialog event={event} open onOpenChange={() => {}} />);
    expect(screen.getByLabelText("Event Name")).toHaveValue("Rooftop dinner");
    expect(screen.getByLabelText("Date")).toHaveValue("2030-06-01");
    expect(screen.getByLabelText("Time")).toHaveValue("19:00");
    expect(screen.getByLabelText("Location")).toHaveValue("Roof");
    expect(screen.getByLabelText("Description")).toHaveValue("Tacos");
    expect(screen.getByLabelText("Maximum Attendees (blank for Unlimited)")).toHaveValue(12);

    await userEvent.clear(screen.getByLabelText("Event Name"));
    await userEvent.type(screen.getByLabelText("Event Name"), " Rooftop tacos ");
    await save();
    await waitFor(() => expect(patches(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(patches(fetchMock)[0][1]?.body))).toEqual({
      title: "Rooftop tacos",
      description: "Tacos",
      location: "Roof",
      maxAttendees: 12,
    });
    await waitFor(() => expect(screen.getByTestId("toast")).toHaveTextContent("Event updated"));
  });

  it("a moved time is sent in the event's zone", async () => {
    const fetchMock = stubServer();
    renderWithProviders(<EditEventDialog event={event} open onOpenChange={() => {}} />);
    fireEvent.change(screen.getByLabelText("Time"), { target: { value: "20:30" } });
    await save();
    await waitFor(() => expect(patches(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(patches(fetchMock)[0][1]?.body))).toMatchObject({ date: "2030-06-02T00:30:00.000Z" });
  });

  it("an emptied name says so at the field, keeps the other fields, and sends nothing", async () => {
    const fetchMock = stubServer();
    renderWithProviders(<EditEventDialog event={event} open onOpenChange={() => {}} />);
    await userEvent.clear(screen.getByLabelText("Event Name"));
    await save();
    await waitFor(() => expect(screen.getByTestId("toast")).toHaveTextContent("Missing Fields"));
    const title = screen.getByLabelText("Event Name");
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(title).toHaveAccessibleDescription("Give the event a name");
    expect(title).toHaveFocus();
    expect(screen.getByLabelText("Description")).toHaveValue("Tacos");
    expect(patches(fetchMock)).toHaveLength(0);
  });

  it("a name longer than the server takes shows the contract's rule, keeps what was typed, and sends nothing", async () => {
    const fetchMock = stubServer();
    renderWithProviders(<EditEventDialog event={event} open onOpenChange={() => {}} />);
    const long = "A".repeat(201);
    fireEvent.change(screen.getByLabelText("Event Name"), { target: { value: long } });
    await save();
    const title = screen.getByLabelText("Event Name");
    await waitFor(() => expect(title).toHaveAccessibleDescription("A title is at most 200 characters"));
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(title).toHaveValue(long);
    expect(patches(fetchMock)).toHaveLength(0);
  });
});
