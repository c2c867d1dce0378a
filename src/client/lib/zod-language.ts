import { z } from "zod";
import { currentLanguage, spokenLanguage } from "./i18n";

const locales = {
  en: () => import("zod/v4/locales/en.js"),
  es: () => import("zod/v4/locales/es.js"),
  ar: () => import("zod/v4/locales/ar.js"),
  fr: () => import("zod/v4/locales/fr.js"),
  de: () => import("zod/v4/locales/de.js"),
  ja: () => import("zod/v4/locales/ja.js"),
};
let configured: keyof typeof locales = "en";

/**
 * zod's own messages (a rule the contract gives no words of its own) in the language the app speaks now:
 * zod's locale for each language Link speaks, its English for the pseudo-languages. Loaded with the
 * first validation after a switch; English, zod's default, is never loaded again.
 */
export async function matchZodLanguage(): Promise<void> {
  const { language } = currentLanguage();
  const wanted = spokenLanguage(language);
  if (wanted === configured) return;
  const locale = (await locales[wanted]()).default;
  z.config(locale());
  configured = wanted;
}
