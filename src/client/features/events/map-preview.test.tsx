import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { MapPreview } from "./map-preview";

const made: Array<{ options: Record<string, unknown>; click: (e: unknown) => void }> = [];
const markers: Array<{ at: unknown }> = [];
vi.mock("maplibre-gl", () => {
  class FakeMap {
    private handlers: Record<string, (e: unknown) => void> = {};
    constructor(readonly options: Record<string, unknown>) {
      made.push({ options, click: (e) => this.handlers.click?.(e) });
    }
    on(name: string, handler: (e: unknown) => void) {
      this.handlers[name] = handler;
    }
    remove() {}
  }
  class FakeMarker {
    readonly entry = { at: null as unknown };
    constructor() {
      markers.push(this.entry);
    }
    setLngLat(at: unknown) {
      this.entry.at = at;
      return this;
    }
    addTo() {
      return this;
    }
  }
  return { default: { Map: FakeMap, Marker: FakeMarker } };
});
vi.mock("maplibre-gl/dist/maplibre-gl.css", () => ({}));

afterEach(() => {
  made.length = 0;
  markers.length = 0;
  vi.restoreAllMocks();
});

const serverWithStyle = (styleUrl: string | null) =>
  mockFetch((url) => (url === "/api/places/map" ? jsonResponse(200, { styleUrl }) : jsonResponse(404, {})));

describe("MapPreview", () => {
  it("without MAP_STYLE_URL shows nothing and never loads MapLibre", async () => {
    const fetchMock = serverWithStyle(null);
    renderWithProviders(<MapPreview point={{ latitude: 37.7596, longitude: -122.4269 }} label="Map of the park" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The answer has reached the component (its query settled) before the absence is asserted.
    await act(async () => {
      await fetchMock.mock.results[0].value;
    });
    expect(screen.queryByTestId("map-preview")).not.toBeInTheDocument();
    expect(made).toHaveLength(0);
  });

  it("with a style shows the place's pin; in the picker a tap drops the pin there", async () => {
    serverWithStyle("https://maps.example/style.json");
    const onPick = vi.fn();
    renderWithProviders(<MapPreview point={null} onPick={onPick} label="Map: tap to drop the event's pin" />);
    expect(await screen.findByRole("img", { name: "Map: tap to drop the event's pin" })).toBeInTheDocument();
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0].options).toMatchObject({ style: "https://maps.example/style.json", interactive: true });
    act(() => made[0].click({ lngLat: { lat: 37.78, lng: -122.41 } }));
    expect(onPick).toHaveBeenCalledWith({ latitude: 37.78, longitude: -122.41 });
    expect(markers[0].at).toEqual({ lat: 37.78, lng: -122.41 });
  });
});
