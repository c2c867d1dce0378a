import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";

/** Renders the app into #root, replacing index.html's spinner. */
export function start(root: HTMLElement) {
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
