import { z } from "zod";

export const themeSchema = z.enum(["light", "dark", "system"]);
export type Theme = z.infer<typeof themeSchema>;
/** Spec 02 §9 (the app shell's key and default); see docs/spec-deviations.md for spec 01's `ui-theme`. */
export const THEME_STORAGE_KEY = "link-theme-preference";
export const DEFAULT_THEME: Theme = "dark";
