import { FIRST_SCREEN_DATA_ID, type FirstScreenData } from "@contract/first-screen";

/** How long the data a page's HTML arrived with counts as just fetched: the screen takes it over without asking again. */
const FRESH_FOR_MS = 60_000;

export interface FirstScreen {
  data: FirstScreenData;
  /**
   * Kept on this device and shown again (the service worker's copy of the last page, marked so as it serves it):
   * what it shows is refreshed at once. Else it came from the server with this page.
   */
  fromDevice: boolean;
}

let found: FirstScreen | null | undefined;

/** The data the server drew this page's first screen from; null on a page it did not draw. Read once. */
export function firstScreen(): FirstScreen | null {
  if (found !== undefined) return found;
  const element = typeof document === "undefined" ? null : document.getElementById(FIRST_SCREEN_DATA_ID);
  try {
    found = element?.textContent
      ? { data: JSON.parse(element.textContent) as FirstScreenData, fromDevice: element.dataset.from === "device" }
      : null;
  } catch {
    found = null;
  }
  return found;
}

/** When the reads a fresh first screen filled were stamped as fetched; null until one was. */
let freshStamp: number | null = null;

/** The time to stamp the reads a first screen fills with (now); a fresh one's are remembered as such. */
export function stampFirstScreen(fresh: boolean) {
  const now = Date.now();
  if (fresh) freshStamp = now;
  return now;
}

/**
 * staleTime for a read that asks again whenever a screen mounts (the deck): the copy a fresh first screen carried
 * counts as just fetched for a minute, so the screen takes it over instead of fetching it a second time.
 */
export function staleUnlessFirstScreen(query: { state: { dataUpdatedAt: number } }) {
  return freshStamp !== null && query.state.dataUpdatedAt === freshStamp ? FRESH_FOR_MS : 0;
}
