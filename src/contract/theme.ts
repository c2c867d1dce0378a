import { z } from "zod";

export const themeSchema = z.enum(["light", "dark", "system"]);
export type Theme = z.infer<typeof themeSchema>;
/** The one key the theme is stored under in localStorage (an older second key, `ui-theme`, is gone). */
export const THEME_STORAGE_KEY = "link-theme-preference";
/** Until a person chooses, the app looks like the rest of their phone (a dark app on a light phone glared). */
export const DEFAULT_THEME: Theme = "system";
