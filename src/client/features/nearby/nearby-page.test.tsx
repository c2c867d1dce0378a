import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { eventFixture } from "@/test/fixtures";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { NEARBY_PAGE_SIZE } from "./api/nearby";
import { NearbyPage } from "./nearby-page";

vi.mock("@/lib/native", () => ({
  native: { getPosition: () => Promise.resolve({ latitude: 37.77, longitude: -122.42, accuracy: 5 }) },
}));

const person = (i: number) => ({
  id: i,
  fullName: `Person ${i}`,
  username: `p${i}`,
  bio: "",
  profession: "",
  profileImage: null,
  interests: [],
  skills: [],
  careerPath: "",
  timezone: "UTC",
  distanceKm: 0.1 * i,
});

const event = (i: number) => ({
  ...eventFixture({
    id: 1000 + i,
    title: `Event ${i}`,
    description: "",
    date: "2030-06-01T18:00:00.000Z",
    location: "",
    latitude: "37.77",
    longitude: "-122.42",
    friendGroupId: null,
    hostId: 1,
  }),
  distanceKm: 0.2 * i,
});

const range = (from: number, count: number) => Array.from({ length: count }, (_, k) => from + k);

/** `people` and `events` say how many rows the server holds; it answers each page by limit and offset. */
function stubServer(people: number, events: number) {
  return mockFetch((url) => {
    if (url === "/api/user") return jsonResponse(401, { message: "Not signed in" });
    const { pathname, searchParams } = new URL(url, "http://localhost");
    const limit = Number(searchParams.get("limit"));
    const offset = Number(searchParams.get("offset"));
    const page = (total: number) => range(offset, Math.max(0, Math.min(limit, total - offset)));
    if (pathname === "/api/users/nearby") return jsonResponse(200, page(people).map(person));
    if (pathname === "/api/events/nearby") return jsonResponse(200, page(events).map(event));
    return jsonResponse(404, { message: "Not found" });
  });
}

const nearbyCalls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), "http://localhost"))
    .filter((u) => u.pathname === path)
    .map((u) => [u.searchParams.get("limit"), u.searchParams.get("offset")]);

describe("NearbyPage paging", () => {
  it("shows the first page, loads the next by offset on Show more, and hides it after a short page", async () => {
    expect(NEARBY_PAGE_SIZE).toBe(20);
    const fetchMock = stubServer(45, 3);
    renderWithProviders(<NearbyPage />);
    const people = await screen.findByRole("region", { name: "People near you" });
    await waitFor(() => expect(within(people).getAllByRole("link")).toHaveLength(20));
    const events = screen.getByRole("region", { name: "Events near you" });
    await waitFor(() => expect(within(events).getAllByRole("link")).toHaveLength(3));
    // Three events is a short first page: no button for events.
    expect(screen.queryByRole("button", { name: "Show more events" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Show more people" }));
    await waitFor(() => expect(within(people).getAllByRole("link")).toHaveLength(40));
    expect(within(people).getByText("Person 39")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show more people" }));
    await waitFor(() => expect(within(people).getAllByRole("link")).toHaveLength(45));
    expect(screen.queryByRole("button", { name: "Show more people" })).not.toBeInTheDocument();

    expect(nearbyCalls(fetchMock, "/api/users/nearby")).toEqual([
      ["20", "0"],
      ["20", "20"],
      ["20", "40"],
    ]);
    expect(nearbyCalls(fetchMock, "/api/events/nearby")).toEqual([["20", "0"]]);
  });

  it("a full last page keeps the button once; the empty page after it removes it", async () => {
    stubServer(0, 20);
    renderWithProviders(<NearbyPage />);
    const events = await screen.findByRole("region", { name: "Events near you" });
    await waitFor(() => expect(within(events).getAllByRole("link")).toHaveLength(20));
    expect(screen.getByText("Nobody within 10 km right now.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show more people" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show more events" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Show more events" })).not.toBeInTheDocument());
    expect(within(events).getAllByRole("link")).toHaveLength(20);
  });
});
