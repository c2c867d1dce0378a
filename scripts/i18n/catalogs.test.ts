import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CATALOG_DIR,
  catalogProblems,
  englishMessages,
  readCatalog,
  sourceHash,
  TRANSLATED_LANGUAGES,
} from "./catalogs";

const english = englishMessages();

describe("each language's catalog", () => {
  for (const language of TRANSLATED_LANGUAGES)
    it(`${language} translates every English message, from its current words, naming the same arguments`, () => {
      expect(catalogProblems(english, readCatalog(language))).toEqual({
        missing: [],
        stale: [],
        mismatched: [],
        extra: [],
      });
    });
});

describe("the check", () => {
  const translated = (message: string, from: string) => ({
    messages: { "events.full": message },
    translatedFrom: { "events.full": sourceHash(from) },
  });

  it("finds a translation stale once its English changes", () => {
    const before = { "events.full": "This event is full" };
    const after = { "events.full": "This event has no seats left" };
    const spanish = translated("Este evento está completo", before["events.full"]);
    expect(catalogProblems(before, spanish).stale).toEqual([]);
    expect(catalogProblems(after, spanish).stale).toEqual(["events.full"]);
  });

  it("finds a missing translation, other arguments, a message that does not parse and an id English lacks", () => {
    const source = { "events.full": "{title} is full", "events.left": "{count} left" };
    const problems = catalogProblems(source, {
      messages: { "events.full": "{titulo} está completo", "events.gone": "Ya no está", "events.left": "{count" },
      translatedFrom: { "events.full": sourceHash(source["events.full"]) },
    });
    expect(problems.missing).toEqual([]);
    expect(problems.mismatched).toEqual([
      "events.full: names {titulo} where English names {title}",
      "events.left: does not parse",
    ]);
    expect(problems.extra).toEqual(["events.gone"]);
    expect(catalogProblems(source, translated("x", "x")).missing).toEqual(["events.left"]);
  });

  it("accepts a plural where the English reads a plain number", () => {
    const source = { "events.full": "{count} left" };
    const arabic = translated("{count, plural, one {بقي مقعد} other {بقي # مقاعد}}", source["events.full"]);
    expect(catalogProblems(source, arabic).mismatched).toEqual([]);
  });
});

describe("export and import through FormatJS's CLI", () => {
  it("give back the same catalogs, in a platform's format", { timeout: 120_000 }, () => {
    const files = TRANSLATED_LANGUAGES.flatMap((language) => [
      path.join(CATALOG_DIR, `${language}.json`),
      path.join(CATALOG_DIR, "translated-from", `${language}.json`),
    ]);
    const before = files.map((file) => readFileSync(file, "utf8"));
    const out = mkdtempSync(path.join(tmpdir(), "link-i18n-test-"));
    try {
      const i18n = (...args: string[]) =>
        execFileSync(process.execPath, ["--import", "tsx", "scripts/i18n.ts", ...args], { encoding: "utf8" });
      i18n("export", "--out", out, "--format", "crowdin");
      const exported = JSON.parse(readFileSync(path.join(out, "en.json"), "utf8"));
      expect(exported["events.full"]).toEqual({
        message: english["events.full"],
        description: expect.stringContaining("event"),
      });
      i18n("import", "--from", out, "--format", "crowdin");
      expect(files.map((file) => readFileSync(file, "utf8"))).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
