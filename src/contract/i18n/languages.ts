// The languages Link speaks. Adding one is a catalog in catalogs/ and a row here (docs/languages.md); no screen changes.
// No zod here: the first screen reads these (its schemas are in language-schemas.ts).

export const LANGUAGES = [
  { tag: "en", name: "English", dir: "ltr" },
  { tag: "es", name: "Español", dir: "ltr" },
  { tag: "ar", name: "العربية", dir: "rtl" },
  { tag: "fr", name: "Français", dir: "ltr" },
  { tag: "de", name: "Deutsch", dir: "ltr" },
  { tag: "ja", name: "日本語", dir: "ltr" },
] as const;

export type Language = (typeof LANGUAGES)[number]["tag"];
export type TextDirection = "ltr" | "rtl";
export const DEFAULT_LANGUAGE: Language = "en";
export const LANGUAGE_TAGS = LANGUAGES.map((language) => language.tag) as [Language, ...Language[]];

export function isLanguage(tag: unknown): tag is Language {
  return typeof tag === "string" && (LANGUAGE_TAGS as readonly string[]).includes(tag);
}

export function languageDirection(language: Language): TextDirection {
  return LANGUAGES.find((entry) => entry.tag === language)?.dir ?? "ltr";
}

/**
 * The best language for an Accept-Language header ("es-MX,es;q=0.9,en;q=0.8"): the highest-weighted range whose
 * primary subtag Link speaks, else English. Bounded: a header is read only up to its first 32 ranges.
 */
export function bestLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranges = acceptLanguage
    .slice(0, 512)
    .split(",")
    .slice(0, 32)
    .map((range, index) => {
      const [tag = "", ...params] = range.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.split("-")[0]?.toLowerCase() ?? "", weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.weight > 0 && Number.isFinite(range.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranges.map((range) => range.primary).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
