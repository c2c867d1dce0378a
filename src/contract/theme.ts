import { z } from "zod";

/** The choices, listed once: the schema and the client's check of a stored value (which loads no zod) read them. */
export const THEMES = ["light", "dark", "system"] as const;
export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;
/** The app shell's key; see docs/spec-deviations.md for spec 01's `ui-theme`. */
export const THEME_STORAGE_KEY = "link-theme-preference";
/** Until a person chooses, the app looks like the rest of their phone (a dark app on a light phone glared). */
export const DEFAULT_THEME: Theme = "system";
