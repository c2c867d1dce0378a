// Discover's free-time filter, apart from the feed's schemas: the first screen reads it without loading zod.
// events.ts re-exports what the server and the contract still name through it.

import { defineTexts } from "./i18n/texts";

export const FREE_WINDOW_TEXTS = defineTexts("freeWindows", {
  today: "Today",
  weekend: "This weekend",
  week: "This week",
});

/** Discover's "When I'm free": only events inside times the person published as free, in one of these windows. */
export const FREE_WINDOWS = [
  { id: "today", label: "today" },
  { id: "weekend", label: "weekend" },
  { id: "week", label: "week" },
] as const;
