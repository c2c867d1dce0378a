import { THEME_STORAGE_KEY } from "@contract/theme";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "@/test/console";
import { ThemeProvider, useTheme } from "./theme";

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <span data-testid="theme">{theme}</span>
      <span data-testid="resolved">{resolvedTheme}</span>
      <button type="button" onClick={() => setTheme("light")}>
        light
      </button>
      <button type="button" onClick={() => setTheme("system")}>
        system
      </button>
    </div>
  );
}

const root = () => document.documentElement;

afterEach(() => vi.unstubAllGlobals());

describe("ThemeProvider", () => {
  it("until a person chooses, follows the device: light on a light phone, dark on a dark one", () => {
    const device = { matches: false, addEventListener: () => {}, removeEventListener: () => {} };
    vi.stubGlobal("matchMedia", () => device);
    const first = render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId("theme")).toHaveTextContent("system");
    expect(root()).toHaveClass("light");
    expect(root()).not.toHaveClass("dark");
    first.unmount();
    device.matches = true;
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(root()).toHaveClass("dark");
    expect(localStorage.getItem("link-theme-preference")).toBeNull();
  });

  it("stores a change under link-theme-preference and swaps the class", async () => {
    expect(THEME_STORAGE_KEY).toBe("link-theme-preference");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "light" }));
    expect(localStorage.getItem("link-theme-preference")).toBe("light");
    expect(root()).toHaveClass("light");
    expect(root()).not.toHaveClass("dark");
  });

  it("reads the stored preference on start and ignores garbage", () => {
    localStorage.setItem("link-theme-preference", "light");
    const { unmount } = render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId("theme")).toHaveTextContent("light");
    expect(root()).toHaveClass("light");
    unmount();
    localStorage.setItem("link-theme-preference", "purple");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId("theme")).toHaveTextContent("system");
  });

  it("system follows prefers-color-scheme, live", async () => {
    let listener: (() => void) | undefined;
    const query = {
      matches: false,
      addEventListener: (_: string, fn: () => void) => {
        listener = fn;
      },
      removeEventListener: () => {},
    };
    vi.stubGlobal("matchMedia", () => query);
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "system" }));
    expect(localStorage.getItem("link-theme-preference")).toBe("system");
    expect(root()).toHaveClass("light");
    query.matches = true;
    act(() => listener?.());
    expect(screen.getByTestId("resolved")).toHaveTextContent("dark");
    expect(root()).toHaveClass("dark");
  });

  it("useTheme outside the provider throws", () => {
    expectConsoleError(/useTheme must be used within a ThemeProvider/);
    expect(() => render(<Probe />)).toThrow("useTheme must be used within a ThemeProvider");
  });
});
