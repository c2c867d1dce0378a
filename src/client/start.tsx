import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App";
import { AppShell } from "./features/shell/protected-route";
import { seedFirstScreen } from "./first-screen";
import { firstScreen } from "./lib/first-screen-data";
import { initialLanguage, isPseudo, setLanguage } from "./lib/i18n";
import { createQueryClient } from "./lib/query-client";
import { screenAt } from "./screens";

/**
 * Renders the app into #root. A page the server drew (its first screen, from the app's own components, with
 * the data it used inline) is hydrated: what is painted stays, in the language it was written in, and the app
 * takes it over without fetching that data again. Otherwise the app replaces index.html's skeleton.
 */
export async function start(root: HTMLElement) {
  const drawn = firstScreen();
  const queryClient = createQueryClient();
  if (drawn) seedFirstScreen(queryClient, drawn.data, { fresh: !drawn.fromDevice });
  // The first render is already in the person's language: a catalog is one small file, fetched before it. A
  // signed-in person reads their account's, which the server drew the page in; else this device's last choice
  // (where it differs from the browser's, which the server drew in, React renders the screen again).
  const device = initialLanguage();
  const language = drawn?.data.user && !isPseudo(device) ? drawn.data.language : device;
  // A drawn page is hydrated in one pass: the code of the screen it shows is in first (main.tsx started it).
  await Promise.all([
    setLanguage(language).catch(() => setLanguage("en")),
    drawn && preloadScreen(window.location.pathname, drawn.data.user !== null).catch(() => undefined),
  ]);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  // A transition renders in slices that yield to the browser between them, so neither the first render nor the
  // hydration is one long task (Lighthouse's total blocking time).
  startTransition(() => {
    if (drawn) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

/** The code of the screen `pathname` opens for a member or a visitor, and the members' frame around it. */
function preloadScreen(pathname: string, signedIn: boolean) {
  const route = screenAt(pathname);
  if (!route) return Promise.resolve();
  if (!route.members) return route.screen.preload();
  if (!signedIn) return route.signedOut?.preload() ?? Promise.resolve();
  return Promise.all([AppShell.preload(), route.screen.preload()]);
}
