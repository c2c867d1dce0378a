import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { initialLanguage, setLanguage } from "./lib/i18n";

/** Renders the app into #root, replacing index.html's spinner. */
export async function start(root: HTMLElement) {
  // The first render is already in the person's language: a catalog is one small file, fetched before it.
  await setLanguage(initialLanguage()).catch(() => setLanguage("en"));
  // A transition renders in slices that yield to the browser between them, so the first render is not one
  // long task (Lighthouse's total blocking time); the page shows index.html's spinner until it commits.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
