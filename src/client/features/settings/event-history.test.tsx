import type { EventDetail, MyEvent } from "@contract/events";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { EventPage } from "@/features/events/event-page";
import { eventFixture } from "@/test/fixtures";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { SettingsPage } from "./settings-page";

/** The machine is shared: give each screen time to load. */
const slow = { timeout: 10_000 };

const viewer = currentUserFixture({ id: 1, timezone: "UTC" });

const event: EventDetail = {
  ...eventFixture({
    id: 7,
    title: "Harbour Picnic",
    description: "",
    date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    location: "Harbour",
    friendGroupId: null,
    hostId: 2,
    createdAt: new Date().toISOString(),
  }),
  host: null,
  attendees: [],
  attendeeCount: 0,
  guestListHidden: false,
  viewerStatus: null,
  waitlistPosition: null,
  isHost: false,
  cohosts: [],
  isCohost: false,
  questions: [],
  maxGuestsPerPerson: 0,
  guestList: "everyone",
  viewerGuests: null,
  viewerAnswers: {},
  viewerCheckedIn: false,
  waitlistMode: "instant",
  viewerConfirmBy: null,
};

describe("Settings › Event History", () => {
  it("lists an event joined after the history was first shown", async () => {
    let joined = false;
    mockFetch((url, init) => {
      const method = init?.method ?? "GET";
      if (url === "/api/user") return jsonResponse(200, viewer);
      if (url === "/api/events/user/1?status=going") {
        const going: MyEvent[] = joined ? [{ ...event, role: "participant", status: "going" }] : [];
        return jsonResponse(200, going);
      }
      if (url === "/api/events/7") return jsonResponse(200, { ...event, viewerStatus: joined ? "going" : null });
      if (url === "/api/event-participants" && method === "POST") {
        joined = true;
        return jsonResponse(201, { eventId: 7, userId: 1, status: "going" });
      }
      return jsonResponse(404, { message: "Not found" });
    });
    const location = memoryLocation({ path: "/settings" });
    renderWithProviders(
      <Router hook={location.hook}>
        <Switch>
          <Route path="/settings" component={SettingsPage} />
          <Route path="/events/:id" component={EventPage} />
        </Switch>
      </Router>,
    );
    expect(await screen.findByText("No events yet.", {}, slow)).toBeInTheDocument();

    act(() => location.navigate("/events/7"));
    await userEvent.click(await screen.findByRole("button", { name: "Join" }, slow));
    expect(await screen.findByText("You're going!", {}, slow)).toBeInTheDocument();

    act(() => location.navigate("/settings"));
    const history = await screen.findByRole("list", { name: "Event history" }, slow);
    expect(history).toHaveTextContent("Harbour Picnic");
  });
});
