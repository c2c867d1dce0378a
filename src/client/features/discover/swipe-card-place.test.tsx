import type { FeedItem } from "@contract/events";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { feedItemFixture } from "@/test/fixtures";
import { SwipeCard } from "./swipe-card";

const feedItem = feedItemFixture;

const place = (event: FeedItem) =>
  render(<SwipeCard event={event} timezone="UTC" onAnswer={vi.fn()} />).container.querySelector(
    "p:has(.lucide-map-pin)",
  );

describe("swipe card place", () => {
  it("shows the distance rounded to its band (m, 0.0 km, km), beside the location", () => {
    expect(place(feedItem({ latitude: "37.77", longitude: "-122.41", distanceKm: 5 }))).toHaveTextContent(
      "Roof· 5.0 km",
    );
  });

  it("shows the distance even when the event has no location text", () => {
    expect(
      place(feedItem({ location: "", latitude: "37.77", longitude: "-122.41", distanceKm: 0.4 })),
    ).toHaveTextContent(/^400 m$/);
  });

  it('says "Not on the map" beside a typed place without coordinates, "Location not set" with none', () => {
    expect(place(feedItem({}))).toHaveTextContent("Roof· Not on the map");
    expect(place(feedItem({}))).not.toHaveTextContent("Location not set");
    render(<SwipeCard event={feedItem({ location: "" })} timezone="UTC" onAnswer={vi.fn()} />);
    expect(screen.getAllByText("Location not set").length).toBeGreaterThan(0);
  });
});
