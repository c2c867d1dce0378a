/** The origin the server draws a first screen for, set by its render (entry-server.tsx); the browser has its own. */
let drawnFor = "";

export function drawFor(origin: string) {
  drawnFor = origin;
}

/** This page's origin ("https://link.example"), in the browser and in the server's render of a first screen alike. */
export function pageOrigin() {
  return typeof window === "undefined" ? drawnFor : window.location.origin;
}
