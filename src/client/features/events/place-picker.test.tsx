import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { format } from "date-fns";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "@/features/auth/use-auth";
import { native } from "@/lib/native";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { CreateEventDialog } from "./create-event-dialog";

const me = currentUserFixture({ id: 42, timezone: "America/Los_Angeles" });
const sanFrancisco = {
  name: "San Francisco",
  detail: "CA, United States",
  label: "San Francisco, CA, United States",
  latitude: 37.77493,
  longitude: -122.41942,
  source: "city",
};

function stubServer({ addressSearch = false } = {}) {
  return mockFetch((url, init) => {
    if (url === "/api/user") return jsonResponse(200, me);
    if (url.startsWith("/api/places/addresses?"))
      return jsonResponse(200, {
        addressSearch: true,
        places: [
          {
            ...sanFrancisco,
            name: "Ferry Building",
            detail: "San Francisco",
            label: "Ferry Building, San Francisco",
            source: "address",
          },
        ],
      });
    if (url.startsWith("/api/places?")) return jsonResponse(200, { addressSearch, places: [sanFrancisco] });
    if (url === "/api/events" && init?.method === "POST")
      return jsonResponse(201, { id: 7, ...JSON.parse(String(init.body)) });
    return jsonResponse(200, []);
  });
}

function Harness() {
  const [open, setOpen] = useState(true);
  const { user } = useAuth();
  return user ? <CreateEventDialog open={open} onOpenChange={setOpen} /> : null;
}

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText("Event Name"), "Picnic");
  await userEvent.type(screen.getByLabelText("Description"), "Bring snacks");
  fireEvent.change(screen.getByLabelText("Date"), {
    target: { value: format(new Date(Date.now() + 86_400_000), "yyyy-MM-dd") },
  });
  fireEvent.change(screen.getByLabelText("Time"), { target: { value: "12:00" } });
  await userEvent.click(screen.getByRole("button", { name: "Create Event" }));
}

const posted = async (fetchMock: ReturnType<typeof mockFetch>) => {
  let body: Record<string, unknown> = {};
  await waitFor(() => {
    const call = fetchMock.mock.calls.find(([url, init]) => url === "/api/events" && init?.method === "POST");
    expect(call).toBeDefined();
    body = JSON.parse(String(call?.[1]?.body));
  });
  return body;
};

afterEach(() => vi.restoreAllMocks());

describe("Create Event: place on the map", () => {
  it("picks a city from the search; its coordinates travel and it names an empty location", async () => {
    vi.spyOn(native, "locationGranted").mockResolvedValue(false);
    const fetchMock = stubServer();
    renderWithProviders(<Harness />);
    expect(await screen.findByText("Pick a place so people nearby can find the event.")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("combobox", { name: "Search for a place" }), "san fr");
    await userEvent.click(await screen.findByRole("option", { name: /San Francisco/ }));
    expect(screen.getByTestId("picked-place")).toHaveTextContent("San Francisco, CA, United States");
    expect(screen.getByLabelText("Location")).toHaveValue("San Francisco, CA, United States");
    await fillAndSubmit();
    expect(await posted(fetchMock)).toMatchObject({
      location: "San Francisco, CA, United States",
      latitude: "37.77493",
      longitude: "-122.41942",
    });
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/places?q=san+fr")).toBe(true);
  });

  it("a place in another zone says the time is read there, and a missing time says so too, both on the time field", async () => {
    vi.spyOn(native, "locationGranted").mockResolvedValue(false);
    mockFetch((url) => {
      if (url === "/api/user") return jsonResponse(200, me);
      if (url.startsWith("/api/places?"))
        return jsonResponse(200, {
          addressSearch: false,
          places: [
            {
              name: "Paris",
              detail: "France",
              label: "Paris, France",
              latitude: 48.85,
              longitude: 2.35,
              source: "city",
              timezone: "Europe/Paris",
            },
          ],
        });
      return jsonResponse(200, []);
    });
    renderWithProviders(<Harness />);
    await userEvent.type(await screen.findByRole("combobox", { name: "Search for a place" }), "paris");
    await userEvent.click(await screen.findByRole("option", { name: /Paris/ }));
    const time = screen.getByLabelText("Time");
    expect(time).toHaveAccessibleDescription(expect.stringMatching(/^Time at the place \(.+\)$/));
    await userEvent.click(screen.getByRole("button", { name: "Create Event" }));
    await waitFor(() =>
      expect(time).toHaveAccessibleDescription(expect.stringMatching(/^Pick a time Time at the place/)),
    );
  });

  it("keeps a typed location as the display name, and Enter in the search picks instead of submitting", async () => {
    vi.spyOn(native, "locationGranted").mockResolvedValue(false);
    const fetchMock = stubServer();
    renderWithProviders(<Harness />);
    await userEvent.type(await screen.findByLabelText("Location"), "Dolores Park");
    const search = screen.getByRole("combobox", { name: "Search for a place" });
    await userEvent.type(search, "san fr");
    await screen.findByRole("option", { name: /San Francisco/ });
    await userEvent.keyboard("{Enter}");
    expect(screen.getByTestId("picked-place")).toHaveTextContent("San Francisco");
    expect(screen.getByLabelText("Location")).toHaveValue("Dolores Park");
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/events" && init?.method === "POST")).toBe(false);
  });

  it("uses the device's position on request, and can remove it", async () => {
    vi.spyOn(native, "locationGranted").mockResolvedValue(false);
    vi.spyOn(native, "getPosition").mockResolvedValue({
      latitude: 37.8,
      longitude: -122.4,
      accuracy: 5,
      altitude: null,
      altitudeAccuracy: null,
      heading: null,
      speed: null,
    });
    const fetchMock = stubServer();
    renderWithProviders(<Harness />);
    await userEvent.click(await screen.findByRole("button", { name: "Use my current location" }));
    expect(await screen.findByTestId("picked-place")).toHaveTextContent("Your current location");
    await userEvent.click(screen.getByRole("button", { name: "Remove place" }));
    expect(screen.queryByTestId("picked-place")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Use my current location" }));
    await screen.findByTestId("picked-place");
    await fillAndSubmit();
    expect(await posted(fetchMock)).toMatchObject({ location: "", latitude: "37.8", longitude: "-122.4" });
  });

  it("shows a denied location in the dialog", async () => {
    vi.spyOn(native, "locationGranted").mockResolvedValue(false);
    vi.spyOn(native, "getPosition").mockRejectedValue(new Error("Location permission denied"));
    stubServer();
    renderWithProviders(<Harness />);
    await userEvent.click(await screen.findByRole("button", { name: "Use my current location" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Location permission denied");
  });

  it("with location granted and nothing picked, takes the device's position", async () => {
    vi.spyOn(native, "locationGranted").mockResolvedValue(true);
    vi.spyOn(native, "getPosition").mockResolvedValue({
      latitude: 37.76,
      longitude: -122.43,
      accuracy: 5,
      altitude: null,
      altitudeAccuracy: null,
      heading: null,
      speed: null,
    });
    const fetchMock = stubServer();
    renderWithProviders(<Harness />);
    expect(await screen.findByText("Nothing picked: the event takes your current position.")).toBeInTheDocument();
    await fillAndSubmit();
    expect(await posted(fetchMock)).toMatchObject({ latitude: "37.76", longitude: "-122.43" });
  });

  it("without location and nothing picked, sends no coordinates", async () => {
    vi.spyOn(native, "locationGranted").mockResolvedValue(false);
    const fetchMock = stubServer();
    renderWithProviders(<Harness />);
    await screen.findByText("Pick a place so people nearby can find the event.");
    await fillAndSubmit();
    const body = await posted(fetchMock);
    expect(body).not.toHaveProperty("latitude");
    expect(body).not.toHaveProperty("longitude");
  });

  it("offers address search when the server has a geocoder, only when asked", async () => {
    vi.spyOn(native, "locationGranted").mockResolvedValue(false);
    const fetchMock = stubServer({ addressSearch: true });
    renderWithProviders(<Harness />);
    await userEvent.type(await screen.findByRole("combobox", { name: "Search for a place" }), "ferry");
    const ask = await screen.findByRole("button", { name: 'Search addresses for "ferry"' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/api/places/addresses"))).toBe(false);
    await userEvent.click(ask);
    await userEvent.click(await screen.findByRole("option", { name: /Ferry Building/ }));
    expect(screen.getByTestId("picked-place")).toHaveTextContent("Ferry Building, San Francisco");
  });
});
