import { DEFAULT_THEME, THEME_STORAGE_KEY, THEMES, type Theme } from "@contract/theme";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { firstScreen } from "./first-screen-data";

type ThemeContextValue = {
  theme: Theme;
  /** The theme actually painted: "system" resolved through prefers-color-scheme. */
  resolvedTheme: "light" | "dark";
  setTheme: (theme: Theme) => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);
const DARK_QUERY = "(prefers-color-scheme: dark)";

function readStoredTheme(storageKey: string, fallback: Theme): Theme {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return THEMES.find((theme) => theme === stored) ?? fallback;
  } catch {
    // Storage can be blocked (private modes); the default still works.
    return fallback;
  }
}

function systemPrefersDark() {
  if (typeof window === "undefined") return false;
  return typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY).matches : true;
}

/** The one theme provider: key `link-theme-preference`, default the device's (why one key: docs/spec-deviations.md). */
export function ThemeProvider({
  children,
  defaultTheme = DEFAULT_THEME,
  storageKey = THEME_STORAGE_KEY,
}: {
  children: ReactNode;
  defaultTheme?: Theme;
  storageKey?: string;
}) {
  // A page the server drew is hydrated as it was drawn, with the default theme (its CSS already paints the
  // device's); the stored choice and the device's preference apply right after.
  const drawn = firstScreen() !== null;
  const [theme, setThemeState] = useState<Theme>(() =>
    drawn ? defaultTheme : readStoredTheme(storageKey, defaultTheme),
  );
  const [systemDark, setSystemDark] = useState(() => !drawn && systemPrefersDark());

  // "system" follows the operating system live, not only at start.
  useEffect(() => {
    setThemeState(readStoredTheme(storageKey, defaultTheme));
    setSystemDark(systemPrefersDark());
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => setSystemDark(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [storageKey, defaultTheme]);

  const resolvedTheme: "light" | "dark" = theme === "system" ? (systemDark ? "dark" : "light") : theme;

  useEffect(() => {
    const root = window.document.documentElement;
    root.classList.remove("light", "dark");
    root.classList.add(resolvedTheme);
    root.style.colorScheme = resolvedTheme;
    // index.html has one theme-color per prefers-color-scheme (for the first paint); the chosen theme wins over both.
    for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
      meta.setAttribute("content", resolvedTheme === "dark" ? "#0b0d14" : "#ffffff");
    }
  }, [resolvedTheme]);

  const setTheme = useCallback(
    (next: Theme) => {
      try {
        window.localStorage.setItem(storageKey, next);
      } catch {
        // Not persisted, still applied for this visit.
      }
      setThemeState(next);
    },
    [storageKey],
  );

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme() {
  const context = useContext(ThemeContext);
  if (!context) throw new Error("useTheme must be used within a ThemeProvider");
  return context;
}
