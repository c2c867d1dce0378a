import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { PublicEventPage } from "./public-event-page";

// Thursday 17 January 2030, 20:00 in San Francisco; its series' next two Thursdays.
const preview = {
  id: 5,
  title: "Thursday run",
  description: "Easy pace",
  date: "2030-01-18T04:00:00.000Z",
  timezone: "America/Los_Angeles",
  location: "Dolores Park",
  pinned: true,
  placeArea: null,
  imageUrl: null,
  type: "social",
  tags: [],
  recurrence: "weekly",
  host: { fullName: "Ada Host", profileImage: null },
  goingCount: 2,
  maxAttendees: null,
  canceled: false,
  moreDates: [
    { id: 6, date: "2030-01-25T04:00:00.000Z" },
    { id: 7, date: "2030-02-01T04:00:00.000Z" },
  ],
};

describe("the signed-out event page of a series", () => {
  it('says "Every Thursday" and links the next dates under More dates', async () => {
    mockFetch((url) =>
      url.endsWith("/api/events/5/preview")
        ? jsonResponse(200, preview)
        : jsonResponse(401, { message: "Not signed in" }),
    );
    const location = memoryLocation({ path: "/events/5" });
    renderWithProviders(
      <Router hook={location.hook}>
        <Route path="/events/:id" component={PublicEventPage} />
      </Router>,
    );
    expect(await screen.findByTestId("series-label")).toHaveTextContent("Every Thursday");
    const more = screen.getByRole("navigation", { name: "More dates" });
    const links = within(more).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/events/6", "/events/7"]);
    expect(links[0]).toHaveTextContent("Jan 24");
  });

  it("a one-off event says neither", async () => {
    mockFetch((url) =>
      url.endsWith("/api/events/5/preview")
        ? jsonResponse(200, { ...preview, recurrence: null, moreDates: [] })
        : jsonResponse(401, { message: "Not signed in" }),
    );
    const location = memoryLocation({ path: "/events/5" });
    renderWithProviders(
      <Router hook={location.hook}>
        <Route path="/events/:id" component={PublicEventPage} />
      </Router>,
    );
    expect(await screen.findByRole("heading", { name: "Thursday run" })).toBeInTheDocument();
    expect(screen.queryByTestId("series-label")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "More dates" })).toBeNull();
  });
});
