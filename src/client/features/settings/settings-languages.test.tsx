import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { setLanguage } from "@/lib/i18n";
import { ThemeProvider } from "@/lib/theme";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { SettingsPage } from "./settings-page";

const slow = { timeout: 10_000 };

function renderSettings(language: "en" | "es" | "ar", path = "/settings") {
  let viewer = currentUserFixture({ id: 1, fullName: "Sam Settings", username: "sam", language });
  const fetchMock = mockFetch((url, init) => {
    if (url === "/api/users/1" && init?.method === "PATCH") {
      viewer = { ...viewer, ...JSON.parse(String(init.body)) };
      return jsonResponse(200, viewer);
    }
    if (url === "/api/user") return jsonResponse(200, viewer);
    if (url === "/api/calendar/subscription")
      return jsonResponse(200, { url: "http://localhost:5000/api/calendar/feed/t" });
    return jsonResponse(200, []);
  });
  const location = memoryLocation({ path, record: true });
  renderWithProviders(
    <ThemeProvider>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <SettingsPage />
      </Router>
    </ThemeProvider>,
  );
  return fetchMock;
}

afterEach(async () => {
  await act(() => setLanguage("en"));
});

describe("Settings in each language", () => {
  it("an account in Spanish reads its tabs and cards in Spanish", async () => {
    await act(() => setLanguage("es"));
    renderSettings("es");
    expect(await screen.findByRole("tab", { name: "Cuenta" }, slow)).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Apariencia" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Ajustes" })).toBeInTheDocument();
    expect(screen.getByText("Editar perfil")).toBeInTheDocument();
  });

  it("an account in Arabic reads Settings right to left", async () => {
    await act(() => setLanguage("ar"));
    renderSettings("ar", "/settings?tab=appearance");
    expect(await screen.findByRole("tab", { name: "المظهر" }, slow)).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("فاتح")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "الإعدادات" })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe("rtl");
  });

  it("choosing Español switches the screen at once and saves it to the account", async () => {
    const fetchMock = renderSettings("en", "/settings?tab=appearance");
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Language" }, slow), "Español");
    expect(await screen.findByRole("tab", { name: "Apariencia" }, slow)).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Cuenta" })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => url === "/api/users/1" && init?.method === "PATCH" && String(init.body).includes('"es"'),
        ),
      ).toBe(true),
    );
  });
});
