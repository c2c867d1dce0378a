import { z } from "zod";
import { currentLanguage } from "./i18n";

const locales = {
  en: () => import("zod/v4/locales/en.js"),
  es: () => import("zod/v4/locales/es.js"),
  ar: () => import("zod/v4/locales/ar.js"),
};
let configured: keyof typeof locales = "en";

/**
 * zod's own messages (a rule the contract gives no words of its own) in the language the app speaks now:
 * zod's locale for Spanish and Arabic, its English otherwise (the pseudo-language included). Loaded with the
 * first validation after a switch; English, zod's default, is never loaded again.
 */
export async function matchZodLanguage(): Promise<void> {
  const { language } = currentLanguage();
  const wanted = language === "es" || language === "ar" ? language : "en";
  if (wanted === configured) return;
  const locale = (await locales[wanted]()).default;
  z.config(locale());
  configured = wanted;
}
