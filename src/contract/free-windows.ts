// Discover's free-time filter, apart from the feed's schemas: the first screen reads it without loading zod.
// events.ts re-exports what the server and the contract still name through it.

/** Discover's "When I'm free": only events inside times the person published as free, in one of these windows. */
export const FREE_WINDOWS = [
  { id: "today", label: "Today" },
  { id: "weekend", label: "This weekend" },
  { id: "week", label: "This week" },
] as const;
