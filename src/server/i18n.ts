// What the server writes in a person's language: answers in the language the request asks for, notices,
// e-mails, push and calendar alarms in the recipient's. Every catalog is loaded once at start (a server
// speaks all of them); the texts and their English are the contract's, as on the client.

import type { TimeLanguage } from "#contract/event-time";
import arabic from "#contract/i18n/catalogs/ar.json" with { type: "json" };
import german from "#contract/i18n/catalogs/de.json" with { type: "json" };
import spanish from "#contract/i18n/catalogs/es.json" with { type: "json" };
import french from "#contract/i18n/catalogs/fr.json" with { type: "json" };
import japanese from "#contract/i18n/catalogs/ja.json" with { type: "json" };
import { bestLanguage, isLanguage, type Language } from "#contract/i18n/languages";
// Every set of texts, not only those the modules loaded so far import: a message is found by its code.
import "#contract/i18n/namespaces";
import {
  type Catalog,
  formatMessage,
  type MessageValues,
  messageByCode,
  type Texts,
  translate,
} from "#contract/i18n/texts";

const CATALOGS: Record<Language, Catalog | null> = {
  en: null,
  es: spanish,
  ar: arabic,
  fr: french,
  de: german,
  ja: japanese,
};

/** A stored language, read defensively: a value no catalog has (an old row, a hand edit) reads as English. */
export function languageOf(stored: string | null | undefined): Language {
  return isLanguage(stored) ? stored : "en";
}

/** The language a request asks for (the app sends the one it speaks in Accept-Language). */
export function requestLanguage(headers: { "accept-language"?: string | string[] | undefined }): Language {
  const header = headers["accept-language"];
  return bestLanguage(Array.isArray(header) ? header.join(",") : header);
}

/** One message of a set of texts in a language. */
export function serverText<T extends Texts>(
  language: Language,
  texts: T,
  key: keyof T & string,
  values?: MessageValues,
): string {
  return translate(language, CATALOGS[language], texts, key, values);
}

/** A message by its code ("events.full") in a language; undefined for a code no set of texts holds. */
export function messageIn(language: Language, code: string, values?: MessageValues): string | undefined {
  const message = messageByCode(CATALOGS[language], code);
  if (typeof message !== "string") return undefined;
  try {
    return formatMessage(language, message, values);
  } catch {
    // A stored message whose values an older row lacks: its words as they are, never a failed answer.
    return message;
  }
}

/** How a language writes an event's time (formatEventTime): its Intl locale ("en-US" for English) and catalog. */
export function timeLanguage(language: Language): TimeLanguage {
  return { locale: language === "en" ? "en-US" : language, catalog: CATALOGS[language] };
}

/** A stored text's words in a language: by its code and values when it has one, else as it was written. */
export function wordsIn(language: Language, code: string | null | undefined, values: MessageValues, stored: string) {
  if (!code) return stored;
  return messageIn(language, code, values) ?? stored;
}
