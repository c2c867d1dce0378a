// Every text a person reads is an ICU message in a named set of texts (a namespace). English is written where
// the texts are defined (defineTexts, in the contract); each other language is a catalog (es/, ar/) typed from
// those definitions, so a message missing in any language is a type error, and a catalog is loaded only by
// the people who read it. Messages are ICU MessageFormat, formatted by FormatJS's intl-messageformat:
// plurals and selects follow each language's own rules (Arabic's six plural forms included).
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import type { Language } from "./languages";

export type Texts = Readonly<Record<string, string>>;
/** One language's translation of a set of texts: every message, no other. */
export type Translation<T extends Texts> = { readonly [K in keyof T]: string };
export type MessageValues = Readonly<Record<string, string | number | Date>>;

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

/** English message -> its code ("login.password"), over sets of texts by namespace; the first code wins. */
export function indexEnglish(namespaces: Iterable<[string, Texts]>): Map<string, string> {
  const index = new Map<string, string>();
  for (const [namespace, texts] of namespaces) {
    for (const [key, text] of Object.entries(texts)) if (!index.has(text)) index.set(text, `${namespace}.${key}`);
  }
  return index;
}

let loadedIndex: Map<string, string> | null = null;
let indexedNamespaces = 0;
/** The code of an English message among the texts loaded so far: how a message in English is found to translate it. */
export function codeOfEnglish(message: string): string | undefined {
  if (!loadedIndex || indexedNamespaces !== textsOfNamespace.size) {
    loadedIndex = indexEnglish(textsOfNamespace);
    indexedNamespaces = textsOfNamespace.size;
  }
  return loadedIndex.get(message);
}

type LooseCatalog = Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;

/** A message by its code in a catalog (English when the catalog is null or lacks it). */
export function messageByCode(catalog: LooseCatalog | null, code: string): string | undefined {
  const dot = code.indexOf(".");
  if (dot < 0) return undefined;
  const namespace = code.slice(0, dot);
  const key = code.slice(dot + 1);
  return catalog?.[namespace]?.[key] ?? definedTexts(namespace)?.[key];
}

/** Messages parsed ahead of time, by their text: the client's build registers them so it ships no parser. */
const parsedMessages = new Map<string, MessageFormatElement[]>();
export function registerParsedMessages(parsed: Readonly<Record<string, MessageFormatElement[]>>): void {
  for (const [message, elements] of Object.entries(parsed)) parsedMessages.set(message, elements);
}

const formats = new Map<string, IntlMessageFormat>();
/** Formats an ICU message in a language; a message without arguments is returned as it is. */
export function formatMessage(language: Language | string, message: string, values?: MessageValues): string {
  if (!message.includes("{")) return message;
  const cacheKey = `${language}\u0000${message}`;
  let format = formats.get(cacheKey);
  if (!format) {
    format = new IntlMessageFormat(parsedMessages.get(message) ?? message, language, undefined, { ignoreTag: true });
    if (formats.size > 5000) formats.clear();
    formats.set(cacheKey, format);
  }
  return String(format.format(values as Record<string, string | number | Date>));
}

/** One message of a set of texts in a language, formatted: the one call screens and the server both go through. */
export function translate<T extends Texts>(
  language: Language | string,
  catalog: LooseCatalog | null,
  texts: T,
  key: keyof T & string,
  values?: MessageValues,
): string {
  const message = catalog?.[namespaceOf(texts)]?.[key] ?? texts[key] ?? key;
  return formatMessage(language, message, values);
}
