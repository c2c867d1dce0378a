import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A message is found by its code ("events.full"), never by its English words: an English text may be reworded
// without untranslating every place that carried it. The functions that mapped English words to a code are gone,
// and nothing may bring them back under their old names.
const SOURCE_ROOT = path.resolve(import.meta.dirname, "../../src");
const ENGLISH_LOOKUPS = ["codeOfEnglish", "codeOfEnglishWords", "indexEnglish", "localizeEnglish", "localize"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && full !== import.meta.filename ? [full] : [];
  });
}

describe("messages travel by code", () => {
  const files = sourceFiles(SOURCE_ROOT);

  it("reads the sources it checks", () => {
    expect(files.some((file) => file.endsWith(path.join("i18n", "texts.ts")))).toBe(true);
    expect(files.length).toBeGreaterThan(100);
  });

  it("no source defines or calls a function that finds a message by its English words", () => {
    const uses = new RegExp(`\\b(${ENGLISH_LOOKUPS.join("|")})\\s*[(=<]`);
    const found = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          uses.test(line) ? [`${path.relative(SOURCE_ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
