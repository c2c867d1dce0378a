import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { SettingsPage } from "./settings-page";

const viewer = currentUserFixture({ id: 1, fullName: "Sam Settings", username: "sam" });
const slow = { timeout: 10_000 };

function renderAt(path: string) {
  mockFetch((url) => {
    if (url === "/api/user") return jsonResponse(200, viewer);
    if (url === "/api/calendar/subscription")
      return jsonResponse(200, { url: "http://localhost:5000/api/calendar/feed/t" });
    return jsonResponse(200, []);
  });
  const location = memoryLocation({ path, record: true });
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SettingsPage />
    </Router>,
  );
  return location;
}

describe("Settings keeps its tab in the URL", () => {
  it("opens the tab the URL names, as after a reload", async () => {
    renderAt("/settings?tab=notifications");
    expect(await screen.findByRole("tab", { name: "Notifications" }, slow)).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Account" })).toHaveAttribute("aria-selected", "false");
  });

  it("a chosen tab is written to the URL; Account, the first, is the bare address", async () => {
    const location = renderAt("/settings");
    await userEvent.click(await screen.findByRole("tab", { name: "Availability" }, slow));
    expect(location.history.at(-1)).toBe("/settings?tab=availability");
    await userEvent.click(screen.getByRole("tab", { name: "Account" }));
    expect(location.history.at(-1)).toBe("/settings");
  });

  it("an unknown tab in the URL opens Account", async () => {
    renderAt("/settings?tab=secrets");
    expect(await screen.findByRole("tab", { name: "Account" }, slow)).toHaveAttribute("aria-selected", "true");
  });
});
