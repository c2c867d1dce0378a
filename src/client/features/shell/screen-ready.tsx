import { useEffect } from "react";

/**
 * Marks #root (`data-ready`) once the screen the address opened on is the app's: rendered, or hydrated from the
 * page the server drew, so its controls answer. Placed after the screen inside its own Suspense boundary, it
 * mounts with that boundary; the journeys wait for it after loading a page (a drawn page is on screen before).
 */
export function ScreenReady() {
  useEffect(() => {
    document.getElementById("root")?.setAttribute("data-ready", "");
  }, []);
  return null;
}
