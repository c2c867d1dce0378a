// Discover's category chips, apart from the schemas: the first screen reads them without loading zod.
// categories.ts re-exports what the server and the contract still name through it.

import { defineTexts } from "./i18n/texts";

/** The chips' names as people read them (the ids stay what events and links store). */
export const CATEGORY_TEXTS = defineTexts("categories", {
  all: "All Events",
  twenties: "20s Crowd",
  thirtyPlus: "30+ Events",
  fitness: "Fitness",
  food: "Food & Drinks",
  music: "Music",
  outdoor: "Outdoor",
  creative: "Creative",
  gaming: "Gaming",
});

/** The industries' names as people read them (a networking event's category; its id is what is stored). */
export const INDUSTRY_TEXTS = defineTexts("industries", {
  tech: "Tech",
  design: "Design",
  marketing: "Marketing",
  finance: "Finance",
  education: "Education",
});

/**
 * The Discover category chips: an event is in a category when one of its tags
 * equals a listed tag (case-insensitive) or its title contains the listed word.
 */
export const CATEGORIES = [
  { id: "all", label: "all", tags: [], titleWords: [] },
  { id: "20s", label: "twenties", tags: ["young adults", "college"], titleWords: ["20s"] },
  { id: "30+", label: "thirtyPlus", tags: ["30+", "professional", "wine"], titleWords: [] },
  { id: "fitness", label: "fitness", tags: ["fitness", "yoga"], titleWords: ["fitness"] },
  { id: "food", label: "food", tags: ["food", "drinks"], titleWords: ["food"] },
  { id: "music", label: "music", tags: ["music", "concert"], titleWords: ["music"] },
  { id: "outdoor", label: "outdoor", tags: ["outdoor", "hiking", "nature"], titleWords: [] },
  { id: "creative", label: "creative", tags: ["art", "creative", "workshop"], titleWords: [] },
  { id: "gaming", label: "gaming", tags: ["gaming", "games"], titleWords: ["game"] },
] as const;
export type CategoryId = (typeof CATEGORIES)[number]["id"];

export function matchesCategory(event: { title: string; tags: readonly string[] }, id: CategoryId): boolean {
  const category = CATEGORIES.find((c) => c.id === id);
  if (!category || id === "all") return true;
  const tags = event.tags.map((t) => t.toLowerCase());
  const title = event.title.toLowerCase();
  return category.tags.some((t) => tags.includes(t)) || category.titleWords.some((w) => title.includes(w));
}
