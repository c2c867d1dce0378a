// The app's first screen rendered on the server (built by scripts/build.mjs into the client's ssr/ folder, loaded by
// the server's first-screen module): the same components, routes and texts as the browser's, filled with the data
// the page carries inline, so the browser paints the screen before any script and the app hydrates it.
import type { FirstScreenData } from "@contract/first-screen";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server.node";
import { prerender } from "react-dom/static";
import { Router } from "wouter";
import { App } from "./App";
import { seedFirstScreen } from "./first-screen";
import { setLanguage } from "./lib/i18n";
import { drawFor } from "./lib/page-origin";
import { createQueryClient } from "./lib/query-client";

/** The language is the module's state (as in the browser): one render at a time, each in its own. */
let queue: Promise<unknown> = Promise.resolve();

/** The HTML of #root's content for the page at `url` (absolute: the origin the browser asked), drawn from `data`. */
export function renderFirstScreen(url: string, data: FirstScreenData): Promise<string> {
  const rendered = queue.then(() => render(url, data));
  queue = rendered.catch(() => undefined);
  return rendered;
}

/** A boundary renderToString could not finish (a screen's code not loaded yet): `<!--$!-->`, rendered in the browser. */
const UNFINISHED = "<!--$!-->";

async function render(url: string, data: FirstScreenData) {
  await setLanguage(data.language);
  const queryClient = createQueryClient();
  seedFirstScreen(queryClient, data, { fresh: true });
  const { origin, pathname, search } = new URL(url);
  drawFor(origin);
  const app = (
    <StrictMode>
      <Router ssrPath={pathname} ssrSearch={search.replace(/^\?/, "")}>
        <App queryClient={queryClient} />
      </Router>
    </StrictMode>
  );
  try {
    // In one pass, without the inline scripts a streamed render reveals late parts with (the page's CSP refuses
    // them). A screen whose code was never loaded here suspends: prerender waits for it once, and from then on it
    // renders in one pass too.
    let html = renderToString(app);
    for (let tries = 0; html.includes(UNFINISHED) && tries < 3; tries++) {
      await prerender(app);
      html = renderToString(app);
    }
    return html;
  } finally {
    queryClient.clear();
  }
}
