import { useEffect, useState } from "react";

const FIRST_INPUTS = ["pointerdown", "keydown"] as const;

/**
 * Runs `task` at the person's first touch, click or key on the page: what the first screen does not draw (a
 * form's validation, a dialog, the gate's code input) downloads once someone starts using the page, ahead of
 * the submit or the tap that needs it, instead of adding to what every visit downloads.
 */
export function whenInteracted(task: () => void) {
  if (typeof window === "undefined") return;
  const run = () => {
    for (const type of FIRST_INPUTS) window.removeEventListener(type, run, true);
    task();
  };
  for (const type of FIRST_INPUTS) window.addEventListener(type, run, { capture: true, passive: true });
}

/** False until the page's load event: what the first paint does not need waits for it. */
export function usePageLoaded() {
  const [loaded, setLoaded] = useState(() => document.readyState === "complete");
  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener("load", onLoad, { once: true });
    return () => window.removeEventListener("load", onLoad);
  }, [loaded]);
  return loaded;
}
