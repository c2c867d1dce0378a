import { describe, expect, it } from "vitest";
import spanish from "./catalogs/es.json";
import { bestLanguage } from "./languages";
import { NAMESPACES } from "./namespaces";
import { formatMessage, namespaceOf, type Texts, translate } from "./texts";

const namespaces = Object.entries(NAMESPACES) as [string, Texts][];

describe("the catalogs", () => {
  it("names each set of texts by its key in the namespace map", () => {
    for (const [name, texts] of namespaces) expect(namespaceOf(texts)).toBe(name);
  });

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
    expect(bestLanguage("pt-BR,ar;q=0.5,en;q=0.4")).toBe("ar");
    expect(bestLanguage("fr-CA,en;q=0.8")).toBe("fr");
    expect(bestLanguage("ja-JP")).toBe("ja");
    expect(bestLanguage("pt, it")).toBe("en");
    expect(bestLanguage("en;q=0, es;q=0.1")).toBe("es");
    expect(bestLanguage(undefined)).toBe("en");
    expect(bestLanguage("x".repeat(10_000))).toBe("en");
  });

  it("ranks Accept-Language ranges by their q-weights, not by where they stand", () => {
    expect(bestLanguage("en;q=0.3, es;q=0.8")).toBe("es");
    expect(bestLanguage("en;q=0.2,ar;q=0.5,es;q=0.9")).toBe("es");
    expect(bestLanguage("es;q=0.4, ar")).toBe("ar");
    expect(bestLanguage("en;q=0.1,es;q=0.500,ar;q=0.5")).toBe("es");
    expect(bestLanguage("ar;q=0.5,es;q=0.5")).toBe("ar");
    expect(bestLanguage("it;q=1,en;q=0.3,es;q=0.7")).toBe("es");
    expect(bestLanguage("en;q=0.3,de;q=0.9,fr;q=0.6")).toBe("de");
  });
});
