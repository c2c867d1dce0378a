import { useEffect, useState } from "react";

/** Runs `task` once the browser has nothing else to do (after the first paint and its scripts). */
export function whenIdle(task: () => void) {
  if (typeof window === "undefined") return;
  if ("requestIdleCallback" in window) window.requestIdleCallback(task, { timeout: 5000 });
  else setTimeout(task, 2000);
}

/** False until the page's load event: what the first paint does not need waits for it. */
export function usePageLoaded() {
  // False at first in every case, as on the server that drew the page: the hydrated screen matches its HTML.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (loaded) return;
    if (document.readyState === "complete") {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener("load", onLoad, { once: true });
    return () => window.removeEventListener("load", onLoad);
  }, [loaded]);
  return loaded;
}

/** False until the browser is first idle after the app took the page over: what no first screen draws waits for it. */
export function usePageIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let mounted = true;
    whenIdle(() => mounted && setIdle(true));
    return () => {
      mounted = false;
    };
  }, []);
  return idle;
}
