// The catalogs as files: each language's translations in FormatJS's "simple" JSON (message id -> ICU message,
// the format `formatjs compile` writes and translation platforms read), and beside each, the hash of the
// English each translation was made from, so a translation older than its English is found (stale).
// English itself is written where its texts are defined (defineTexts); a message's id is "namespace.key".
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { LANGUAGE_TAGS, type Language } from "#contract/i18n/languages";
import { NAMESPACES } from "#contract/i18n/namespaces";

export const CATALOG_DIR = path.resolve("src/contract/i18n/catalogs");
/** Every language but English, which the definitions are. */
export const TRANSLATED_LANGUAGES = LANGUAGE_TAGS.filter((tag) => tag !== "en") as Exclude<Language, "en">[];

export type Messages = Record<string, string>;

/** Every English message by its id, in the order of the namespace map and of each set's keys. */
export function englishMessages(): Messages {
  const english: Messages = {};
  for (const [namespace, texts] of Object.entries(NAMESPACES))
    for (const [key, message] of Object.entries(texts as Record<string, string>))
      english[`${namespace}.${key}`] = message;
  return english;
}

/** What identifies an English message's words: a translation stamped with another was made from other words. */
export function sourceHash(english: string): string {
  return createHash("sha256").update(english).digest("base64url").slice(0, 10);
}

const catalogFile = (language: string) => path.join(CATALOG_DIR, `${language}.json`);
const translatedFromFile = (language: string) => path.join(CATALOG_DIR, "translated-from", `${language}.json`);
const readJson = (file: string): Messages => JSON.parse(readFileSync(file, "utf8")) as Messages;

export interface Catalog {
  /** id -> translated message. */
  messages: Messages;
  /** id -> sourceHash of the English it translates. */
  translatedFrom: Messages;
}

export function readCatalog(language: string): Catalog {
  return { messages: readJson(catalogFile(language)), translatedFrom: readJson(translatedFromFile(language)) };
}

/** Writes a language's catalog in the English order (stable diffs), dropping ids English no longer has. */
export function writeCatalog(language: string, { messages, translatedFrom }: Catalog, english = englishMessages()) {
  const ordered = (source: Messages) =>
    Object.fromEntries(Object.keys(english).flatMap((id) => (id in source ? [[id, source[id]]] : [])));
  const json = (value: Messages) => `${JSON.stringify(value, null, 2)}\n`;
  writeFileSync(catalogFile(language), json(ordered(messages)));
  writeFileSync(translatedFromFile(language), json(ordered(translatedFrom)));
}

export interface CatalogProblems {
  /** English messages with no translation. */
  missing: string[];
  /** Translations of English that has changed since (its hash differs from the one stored). */
  stale: string[];
  /** Translations naming other ICU arguments than their English, or not parsing. */
  mismatched: string[];
  /** Translations of ids English does not have. */
  extra: string[];
}

/**
 * The argument names a message uses, plural and select branches included, or null when it does not parse.
 * Names, not types: a language may need a plural where English reads a plain number ("{count} left").
 */
function argumentsOf(message: string): string[] | null {
  const names = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if ("value" in element && element.type !== TYPE.tag) names.add(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) visit(option.value);
    }
  };
  try {
    visit(parse(message, { ignoreTag: true }));
  } catch {
    return null;
  }
  return [...names].sort();
}

/** What is wrong with one language's catalog against the English: each list holds "id" or "id: why". */
export function catalogProblems(english: Messages, { messages, translatedFrom }: Catalog): CatalogProblems {
  const problems: CatalogProblems = { missing: [], stale: [], mismatched: [], extra: [] };
  for (const [id, source] of Object.entries(english)) {
    const message = messages[id];
    if (typeof message !== "string" || message.trim() === "") {
      problems.missing.push(id);
      continue;
    }
    if (translatedFrom[id] !== sourceHash(source)) problems.stale.push(id);
    const expected = argumentsOf(source);
    const actual = argumentsOf(message);
    if (!actual) problems.mismatched.push(`${id}: does not parse`);
    else if (expected && expected.join() !== actual.join())
      problems.mismatched.push(`${id}: names {${actual.join("}, {")}} where English names {${expected.join("}, {")}}`);
  }
  for (const id of Object.keys(messages)) if (!(id in english)) problems.extra.push(id);
  return problems;
}
