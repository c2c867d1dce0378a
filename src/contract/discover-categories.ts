// Discover's category chips, apart from the schemas: the first screen reads them without loading zod.
// categories.ts re-exports what the server and the contract still name through it.

/**
 * The Discover category chips: an event is in a category when one of its tags
 * equals a listed tag (case-insensitive) or its title contains the listed word.
 */
export const CATEGORIES = [
  { id: "all", label: "All Events", tags: [], titleWords: [] },
  { id: "20s", label: "20s Crowd", tags: ["young adults", "college"], titleWords: ["20s"] },
  { id: "30+", label: "30+ Events", tags: ["30+", "professional", "wine"], titleWords: [] },
  { id: "fitness", label: "Fitness", tags: ["fitness", "yoga"], titleWords: ["fitness"] },
  { id: "food", label: "Food & Drinks", tags: ["food", "drinks"], titleWords: ["food"] },
  { id: "music", label: "Music", tags: ["music", "concert"], titleWords: ["music"] },
  { id: "outdoor", label: "Outdoor", tags: ["outdoor", "hiking", "nature"], titleWords: [] },
  { id: "creative", label: "Creative", tags: ["art", "creative", "workshop"], titleWords: [] },
  { id: "gaming", label: "Gaming", tags: ["gaming", "games"], titleWords: ["game"] },
] as const;
export type CategoryId = (typeof CATEGORIES)[number]["id"];

export function matchesCategory(event: { title: string; tags: readonly string[] }, id: CategoryId): boolean {
  const category = CATEGORIES.find((c) => c.id === id);
  if (!category || id === "all") return true;
  const tags = event.tags.map((t) => t.toLowerCase());
  const title = event.title.toLowerCase();
  return category.tags.some((t) => tags.includes(t)) || category.titleWords.some((w) => title.includes(w));
}
