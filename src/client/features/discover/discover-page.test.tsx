import type { FeedItem } from "@contract/events";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { native } from "@/lib/native";
import { feedItemFixture } from "@/test/fixtures";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { DiscoverPage } from "./discover-page";

const me = currentUserFixture({ id: 5 });
const item = (id: number, title: string) =>
  feedItemFixture({ id, title, description: "Fun", location: "Park", hostId: 9 });

/** Signed in; the deck holds two events until a search finds nothing; answers and undos succeed. */
function stubServer() {
  return mockFetch((url, init) => {
    if (url === "/api/user") return jsonResponse(200, me);
    if (url.startsWith("/api/events/swipe/")) {
      const q = new URL(url, "http://x").searchParams.get("q");
      return jsonResponse(200, {
        events: q ? [] : [item(1, "Picnic"), item(2, "Karaoke")],
        nextCursor: null,
        counts: {},
      });
    }
    if (url === "/api/event-participants" && init?.method === "POST")
      return jsonResponse(201, { ...JSON.parse(String(init.body)) });
    if (url.startsWith("/api/event-interactions/") && init?.method === "DELETE")
      return new Response(null, { status: 204 });
    return jsonResponse(200, []);
  });
}

afterEach(() => vi.restoreAllMocks());

describe("the swipe deck", () => {
  it("buzzes on each swipe, and Undo deletes the stored answer and brings the card back", async () => {
    vi.spyOn(native, "getPosition").mockRejectedValue(new Error("no location"));
    const haptic = vi.spyOn(native, "haptic").mockResolvedValue();
    const fetchMock = stubServer();
    renderWithProviders(<DiscoverPage />);
    const user = userEvent.setup();

    const card = await screen.findByTestId("swipe-card");
    expect(card).toHaveTextContent("Picnic");
    expect(screen.getByTestId("next-card")).toHaveTextContent("Karaoke");
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Going" }));
    expect(haptic).toHaveBeenCalledWith("light");
    await waitFor(() => expect(screen.getByTestId("swipe-card")).toHaveTextContent("Karaoke"));

    await user.click(await screen.findByRole("button", { name: "Undo" }));
    await waitFor(() => expect(screen.getByTestId("swipe-card")).toHaveTextContent("Picnic"));
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${String(url)}`);
    const post = calls.indexOf("POST /api/event-participants");
    const undo = calls.indexOf("DELETE /api/event-interactions/1");
    expect(post).toBeGreaterThan(-1);
    // The answer is stored before it is taken back.
    expect(undo).toBeGreaterThan(post);
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
  });

  it("a search with no result says so and Clear search brings the deck back", async () => {
    vi.spyOn(native, "getPosition").mockRejectedValue(new Error("no location"));
    stubServer();
    renderWithProviders(<DiscoverPage />);
    const user = userEvent.setup();
    await screen.findByTestId("swipe-card");
    await user.type(screen.getByPlaceholderText("Search social events..."), "zzqx");
    expect(await screen.findByRole("heading", { name: 'No events match "zzqx"' })).toBeInTheDocument();
    expect(screen.queryByText("No More Events")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear search" }));
    expect(await screen.findByTestId("swipe-card")).toHaveTextContent("Picnic");
  });
});

describe("the Networking list", () => {
  it('says "Not on the map" beside a typed place without coordinates, "Location not set" alone, neither with them', async () => {
    vi.spyOn(native, "getPosition").mockRejectedValue(new Error("no location"));
    const networking = (id: number, title: string, place: Partial<FeedItem>): FeedItem => ({
      ...item(id, title),
      type: "networking",
      ...place,
    });
    mockFetch((url) => {
      if (url === "/api/user") return jsonResponse(200, me);
      if (url.startsWith("/api/events/swipe/")) {
        const type = new URL(url, "http://x").searchParams.get("type");
        if (type !== "networking") return jsonResponse(200, { events: [], nextCursor: null, counts: {} });
        return jsonResponse(200, {
          events: [
            networking(11, "Named only", { location: "Hub" }),
            networking(12, "Nowhere", { location: "" }),
            networking(13, "Pinned", { location: "Loft", latitude: "37.77", longitude: "-122.41" }),
          ],
          nextCursor: null,
          counts: {},
        });
      }
      return jsonResponse(200, []);
    });
    renderWithProviders(<DiscoverPage />);
    await userEvent.click(await screen.findByRole("tab", { name: "Networking" }));
    const cards = await screen.findAllByTestId("networking-card");
    const card = (title: string) => cards.find((c) => c.textContent?.includes(title)) as HTMLElement;
    expect(card("Named only")).toHaveTextContent("Hub· Not on the map");
    expect(card("Named only")).not.toHaveTextContent("Location not set");
    expect(card("Nowhere")).toHaveTextContent("Location not set");
    expect(card("Pinned")).toHaveTextContent("Loft");
    expect(card("Pinned")).not.toHaveTextContent(/Location not set|Not on the map/);
  });
});
