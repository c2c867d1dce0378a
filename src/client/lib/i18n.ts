// The language the app speaks now: its catalog, loaded only for the people who read it, and the hooks screens
// read texts through. A switch applies at once, without a reload: every screen reading texts re-renders.
import { bestLanguage, DEFAULT_LANGUAGE, isLanguage, type Language, languageDirection } from "@contract/i18n/languages";
import {
  type Catalog,
  formatMessage,
  type MessageValues,
  messageByCode,
  type Texts,
  translate,
} from "@contract/i18n/texts";
import { useCallback, useSyncExternalStore } from "react";

/**
 * The pseudo-languages are English made longer and accented, for tests that find text no catalog holds;
 * "pseudo-rtl" also reads right to left, so a layout that breaks in Arabic breaks in it too.
 */
const PSEUDO_LANGUAGES = ["pseudo", "pseudo-rtl"] as const;
type PseudoLanguage = (typeof PSEUDO_LANGUAGES)[number];
export type UiLanguage = Language | PseudoLanguage;

export function isPseudo(language: string | null): language is PseudoLanguage {
  return (PSEUDO_LANGUAGES as readonly (string | null)[]).includes(language);
}

/** The language Link speaks underneath: a pseudo-language is English to the server, Intl and zod. */
export function spokenLanguage(language: UiLanguage): Language {
  return isPseudo(language) ? DEFAULT_LANGUAGE : language;
}
const STORAGE_KEY = "link.language";

// One chunk per language, fetched only by its readers; the build parses its messages ahead (precompiled-messages).
const catalogLoaders: Record<Exclude<Language, "en">, () => Promise<{ default: Catalog }>> = {
  es: () => import("@contract/i18n/catalogs/es.json"),
  ar: () => import("@contract/i18n/catalogs/ar.json"),
  fr: () => import("@contract/i18n/catalogs/fr.json"),
  de: () => import("@contract/i18n/catalogs/de.json"),
  ja: () => import("@contract/i18n/catalogs/ja.json"),
};

interface LanguageState {
  language: UiLanguage;
  catalog: Catalog | null;
  /** What Intl formats dates and numbers for. */
  locale: string;
  dir: "ltr" | "rtl";
}
let state: LanguageState = { language: DEFAULT_LANGUAGE, catalog: null, locale: "en-US", dir: "ltr" };
let pseudoCatalog: Catalog | null = null;
/** In the pseudo-language the values a message names are accented too, so only text no catalog holds stays ASCII. */
let pseudoValue: ((text: string) => string) | null = null;
const listeners = new Set<() => void>();

function storedLanguage(): UiLanguage | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isPseudo(stored) || isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language to open in: the one this device last used, else the browser's best match. */
export function initialLanguage(): UiLanguage {
  return storedLanguage() ?? bestLanguage(navigator.languages?.join(",") || navigator.language);
}

async function catalogFor(language: UiLanguage): Promise<Catalog | null> {
  if (language === "en") return null;
  if (isPseudo(language)) {
    const pseudo = await import("./pseudo-language");
    pseudoCatalog ??= pseudo.pseudoCatalog();
    pseudoValue = pseudo.pseudoValue;
    return pseudoCatalog;
  }
  return (await catalogLoaders[language]()).default;
}

/** Loads a language's catalog and switches every screen to it; remembers it on this device. */
export async function setLanguage(language: UiLanguage): Promise<void> {
  const catalog = await catalogFor(language);
  const spoken = spokenLanguage(language);
  if (!isPseudo(language)) pseudoValue = null;
  state = {
    language,
    catalog,
    locale: spoken === "en" ? "en-US" : spoken,
    dir: language === "pseudo-rtl" ? "rtl" : languageDirection(spoken),
  };
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the language still applies to this visit.
  }
  // The server renders first screens through this module too, without a document.
  if (typeof document !== "undefined") {
    document.documentElement.lang = spoken;
    document.documentElement.dir = state.dir;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => state;

/** The current language, its direction and Intl locale; re-renders on a switch. */
export function useLanguage(): LanguageState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The language the app speaks now, outside React (api headers, toasts raised by a mutation). */
export function currentLanguage(): LanguageState {
  return state;
}

function shown(values: MessageValues | undefined): MessageValues | undefined {
  const accent = pseudoValue;
  if (!values || !accent) return values;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === "string" ? accent(value) : value]),
  );
}

/** One message of a set of texts in the current language, outside React. */
export function text<T extends Texts>(texts: T, key: keyof T & string, values?: MessageValues): string {
  return translate(state.locale, state.catalog, texts, key, shown(values));
}

/** A screen's texts in the current language: `const t = useTexts(EVENT_TEXTS); t("going", { count })`. */
export function useTexts<T extends Texts>(texts: T) {
  const { catalog, locale } = useLanguage();
  return useCallback(
    (key: keyof T & string, values?: MessageValues) => translate(locale, catalog, texts, key, shown(values)),
    [catalog, locale, texts],
  );
}

/**
 * A message by its code (messageKey), as a form's rule carries it, in the current language; words that are no
 * message's code (zod's own, already in the current language) are shown as they are.
 */
export function textByCode(code: string, values?: MessageValues): string {
  const message = messageByCode(state.catalog, code);
  return message === undefined ? code : formatMessage(state.locale, message, shown(values));
}
