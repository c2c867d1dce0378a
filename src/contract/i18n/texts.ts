// Every text a person reads is an ICU message in a named set of texts (a namespace), found by its id
// ("namespace.key"). English is written where the texts are defined (defineTexts, in the contract); each other
// language is a catalog file (catalogs/<tag>.json, id -> message), loaded only by the people who read it and
// checked against the English by `npm test` (scripts/i18n). Messages are ICU MessageFormat, formatted by
// FormatJS's intl-messageformat: plurals and selects follow each language's own rules (Arabic's six forms).
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import type { Language } from "./languages";

export type Texts = Readonly<Record<string, string>>;
export type MessageValues = Readonly<Record<string, string | number | Date>>;
/** A message as a catalog holds it: its ICU text, or (in the client's build) the text already parsed. */
export type CatalogMessage = string | MessageFormatElement[];
/** One language's translations by message id ("events.full"). */
export type Catalog = Readonly<Record<string, CatalogMessage | undefined>>;

const namespaceOfTexts = new WeakMap<object, string>();
const textsOfNamespace = new Map<string, Texts>();

/** Names a set of English texts so that each language's catalog can translate it; returns the texts as given. */
export function defineTexts<const T extends Texts>(namespace: string, texts: T): T {
  namespaceOfTexts.set(texts, namespace);
  textsOfNamespace.set(namespace, texts);
  return texts;
}

export function namespaceOf(texts: Texts): string {
  const namespace = namespaceOfTexts.get(texts);
  if (!namespace) throw new Error("These texts were not made by defineTexts");
  return namespace;
}

/** The English texts of a namespace, when the module defining them has been loaded. */
export function definedTexts(namespace: string): Texts | undefined {
  return textsOfNamespace.get(namespace);
}

/**
 * A message's address, "namespace.key": what an error, a form's rule or a stored notice carries instead of its
 * words, so each reader's language is found by it (never by the English words, which may change).
 */
export function messageKey<T extends Texts>(texts: T, key: keyof T & string): string {
  return `${namespaceOf(texts)}.${key}`;
}

/** A message by its code in a catalog (English when the catalog is null or lacks it). */
export function messageByCode(catalog: Catalog | null, code: string): CatalogMessage | undefined {
  const dot = code.indexOf(".");
  if (dot < 0) return undefined;
  return catalog?.[code] ?? definedTexts(code.slice(0, dot))?.[code.slice(dot + 1)];
}

/** Messages parsed ahead of time, by their text: the client's build registers them so it ships no parser. */
const parsedMessages = new Map<string, MessageFormatElement[]>();
export function registerParsedMessages(parsed: Readonly<Record<string, MessageFormatElement[]>>): void {
  for (const [message, elements] of Object.entries(parsed)) parsedMessages.set(message, elements);
}

const formats = new Map<string, Map<CatalogMessage, IntlMessageFormat>>();
let formatCount = 0;
/** Formats an ICU message in a language; a message without arguments is returned as it is. */
export function formatMessage(language: Language | string, message: CatalogMessage, values?: MessageValues): string {
  if (typeof message === "string" && !message.includes("{")) return message;
  let ofLanguage = formats.get(language);
  if (!ofLanguage) {
    ofLanguage = new Map();
    formats.set(language, ofLanguage);
  }
  let format = ofLanguage.get(message);
  if (!format) {
    const source = typeof message === "string" ? (parsedMessages.get(message) ?? message) : message;
    format = new IntlMessageFormat(source, language, undefined, { ignoreTag: true });
    if (++formatCount > 5000) {
      formats.clear();
      formatCount = 0;
    }
    ofLanguage.set(message, format);
  }
  return String(format.format(values as Record<string, string | number | Date>));
}

/** One message of a set of texts in a language, formatted: the one call screens and the server both go through. */
export function translate<T extends Texts>(
  language: Language | string,
  catalog: Catalog | null,
  texts: T,
  key: keyof T & string,
  values?: MessageValues,
): string {
  const message = catalog?.[`${namespaceOf(texts)}.${key}`] ?? texts[key] ?? key;
  return formatMessage(language, message, values);
}
