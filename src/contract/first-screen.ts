// The first screen the server draws (the app's own components rendered on the server) and the data it drew it
// from, written into the page as JSON so the app takes the screen over without asking the API again.
import type { EventDetail, FeedResponse, MyEvent } from "./events";
import type { Language } from "./i18n/languages";
import type { CurrentUser } from "./users";

/** The id of the `<script type="application/json">` element holding the first screen's data. */
export const FIRST_SCREEN_DATA_ID = "first-screen-data";

/** The deck's first page as the app asks for it: no category, no search, no position yet. */
export const DECK_FIRST_PAGE = { type: "social", limit: 50 } as const;

/** What the server drew a first screen from: only what the same person's API reads answer them. */
export interface FirstScreenData {
  /** When the server drew it (ms since the epoch): a copy the device kept is refreshed, a fresh one is not. */
  renderedAt: number;
  /** The language it is written in: the signed-in person's, else the browser's best match. */
  language: Language;
  /** GET /api/user's answer; null when nobody is signed in. */
  user: CurrentUser | null;
  /** GET /api/events/swipe/{userId} with DECK_FIRST_PAGE's query, on the deck's screen. */
  feed?: FeedResponse;
  /** GET /api/events/user, on My Events. */
  myEvents?: MyEvent[];
  /** GET /api/events/{id}, on that event's page, when the person may see it. */
  event?: EventDetail;
}
