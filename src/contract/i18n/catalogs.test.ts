import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { catalog as arabic } from "./ar/index";
import { catalog as spanish } from "./es/index";
import { bestLanguage } from "./languages";
import { NAMESPACES } from "./namespaces";
import { formatMessage, namespaceOf, type Texts, translate } from "./texts";

/** The argument names a message uses (plural and select branches included). */
function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (
      element.type === TYPE.argument ||
      element.type === TYPE.number ||
      element.type === TYPE.date ||
      element.type === TYPE.time
    )
      names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      names.add(element.value);
      for (const option of Object.values(element.options)) argumentsOf(option.value, names);
    }
  }
  return names;
}

const namespaces = Object.entries(NAMESPACES) as [string, Texts][];

describe("the catalogs", () => {
  it("names each set of texts by its key in the namespace map", () => {
    for (const [name, texts] of namespaces) expect(namespaceOf(texts)).toBe(name);
  });

  for (const [language, catalog] of [
    ["es", spanish],
    ["ar", arabic],
  ] as const) {
    it(`${language} translates every message, with the same arguments as the English, and each one parses`, () => {
      const problems: string[] = [];
      for (const [name, english] of namespaces) {
        const translated = (catalog as unknown as Record<string, Record<string, string>>)[name] ?? {};
        for (const [key, source] of Object.entries(english)) {
          const message = translated[key];
          if (typeof message !== "string" || message.trim() === "") {
            problems.push(`${name}.${key}: missing`);
            continue;
          }
          const expected = [...argumentsOf(parse(source, { ignoreTag: true }))].sort();
          const actual = [...argumentsOf(parse(message, { ignoreTag: true }))].sort();
          if (expected.join() !== actual.join())
            problems.push(`${name}.${key}: arguments ${actual} instead of ${expected}`);
        }
        for (const key of Object.keys(translated))
          if (!(key in english)) problems.push(`${name}.${key}: not in English`);
      }
      expect(problems).toEqual([]);
    });
  }

  it("formats Arabic plurals by Arabic's own six forms", () => {
    const message =
      "{count, plural, zero {لا ضيوف} one {ضيف واحد} two {ضيفان} few {# ضيوف} many {# ضيفًا} other {# ضيف}}";
    expect([0, 1, 2, 3, 11, 100].map((count) => formatMessage("ar", message, { count }))).toEqual([
      "لا ضيوف",
      "ضيف واحد",
      "ضيفان",
      "3 ضيوف",
      "11 ضيفًا",
      "100 ضيف",
    ]);
  });

  it("speaks Spanish through a catalog and English from the definitions", () => {
    const texts = NAMESPACES.language;
    expect(translate("es", spanish, texts, "label")).toBe("Idioma");
    expect(translate("en", null, texts, "label")).toBe("Language");
  });

  it("picks the best language of an Accept-Language header", () => {
    expect(bestLanguage("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(bestLanguage("fr-FR,ar;q=0.5,en;q=0.4")).toBe("ar");
    expect(bestLanguage("de, fr")).toBe("en");
    expect(bestLanguage("en;q=0, es;q=0.1")).toBe("es");
    expect(bestLanguage(undefined)).toBe("en");
    expect(bestLanguage("x".repeat(10_000))).toBe("en");
  });
});
