import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { native } from "@/lib/native";
import { EventPlace } from "./event-place";

afterEach(() => vi.restoreAllMocks());

describe("EventPlace", () => {
  it("links a placed event to OpenStreetMap in a browser", () => {
    render(<EventPlace event={{ location: "Dolores Park", latitude: "37.7596", longitude: "-122.4269" }} />);
    expect(screen.getByText("Dolores Park")).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "Open in Maps" });
    expect(link).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/?mlat=37.7596&mlon=-122.4269#map=16/37.7596/-122.4269",
    );
    expect(link).toHaveAttribute("target", "_blank");
    expect(screen.queryByText("Location not set")).not.toBeInTheDocument();
  });

  it("links to a geo: URI on Android, so the phone offers its maps apps", () => {
    vi.spyOn(native, "mapsPlatform").mockReturnValue("android");
    render(<EventPlace event={{ location: "Dolores Park", latitude: "37.7596", longitude: "-122.4269" }} />);
    expect(screen.getByRole("link", { name: "Open in Maps" })).toHaveAttribute(
      "href",
      "geo:37.7596,-122.4269?q=37.7596,-122.4269(Dolores%20Park)",
    );
  });

  it('says "Not on the map" under a typed place without coordinates ("Location not set" only with no place), no map link', () => {
    const { rerender } = render(<EventPlace event={{ location: "Pier 39", latitude: "", longitude: "" }} />);
    expect(screen.getByText("Pier 39")).toBeInTheDocument();
    expect(screen.getByText("Not on the map")).toBeInTheDocument();
    expect(screen.queryByText("Location not set")).not.toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    rerender(<EventPlace event={{ location: "", latitude: "", longitude: "" }} />);
    expect(screen.getByText("Location not set")).toBeInTheDocument();
    rerender(<EventPlace event={{ location: "", latitude: "37.7596", longitude: "-122.4269" }} />);
    expect(screen.getByText("Pinned location")).toBeInTheDocument();
  });

  it("opens Apple Maps on iOS", () => {
    vi.spyOn(native, "mapsPlatform").mockReturnValue("ios");
    render(<EventPlace event={{ location: "Dolores Park", latitude: "37.7596", longitude: "-122.4269" }} />);
    expect(screen.getByRole("link", { name: "Open in Maps" })).toHaveAttribute(
      "href",
      "https://maps.apple.com/?ll=37.7596,-122.4269&q=Dolores%20Park",
    );
  });

  it('marks a hand-typed place pinned to its town "Around <town>" and searches the typed address', () => {
    const event = {
      location: "Blue Bottle, 66 Mint St",
      latitude: "37.77493",
      longitude: "-122.41942",
      placeArea: "San Francisco",
    };
    const { rerender } = render(<EventPlace event={event} />);
    expect(screen.getByText("Blue Bottle, 66 Mint St")).toBeInTheDocument();
    expect(screen.getByText("Around San Francisco")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open in Maps" })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/search?query=Blue%20Bottle%2C%2066%20Mint%20St",
    );
    vi.spyOn(native, "mapsPlatform").mockReturnValue("android");
    rerender(<EventPlace event={{ ...event }} />);
    expect(screen.getByRole("link", { name: "Open in Maps" })).toHaveAttribute(
      "href",
      "geo:37.77493,-122.41942?q=Blue%20Bottle%2C%2066%20Mint%20St",
    );
    // Never the raw coordinates as text.
    expect(document.body.textContent).not.toMatch(/37\.77|122\.41/);
  });
});
