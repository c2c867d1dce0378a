// The translator's workflow (docs/languages.md), on FormatJS's own CLI:
//   npm run i18n:status                       each language's missing and stale messages (and any broken one)
//   npm run i18n:export -- [--out DIR] [--format F] [--todo]
//       DIR/en.json: every English message with its description, through `formatjs extract`, in a format
//       translation platforms read (F: default, simple, crowdin, lokalise, smartling, transifex);
//       DIR/<tag>.json: each language's current translations (with --todo: only what needs translating,
//       its English in place to translate over). A stale translation is left out, so a platform asks again.
//   npm run i18n:import -- [--from DIR] [--format F]
//       each DIR/<tag>.json through `formatjs compile` into src/contract/i18n/catalogs/<tag>.json, stamped with
//       the hash of the English in DIR/en.json (the words it was translated from): English changed since the
//       export leaves the message stale, not silently current.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  type Catalog,
  catalogProblems,
  englishMessages,
  type Messages,
  readCatalog,
  sourceHash,
  TRANSLATED_LANGUAGES,
  writeCatalog,
} from "./i18n/catalogs";
import { descriptionOf } from "./i18n/descriptions";

const formatjs = createRequire(import.meta.url).resolve("@formatjs/cli/bin/formatjs");
const run = (...args: string[]) => execFileSync(process.execPath, [formatjs, ...args], { encoding: "utf8" });

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: "string", default: "i18n-out" },
    from: { type: "string", default: "i18n-out" },
    format: { type: "string", default: "default" },
    todo: { type: "boolean", default: false },
  },
});

/** Messages as FormatJS's extractor reads them (one `defineMessages` call), written in a platform's format. */
function extractTo(file: string, messages: Messages, format: string) {
  const scratch = mkdtempSync(path.join(tmpdir(), "link-i18n-"));
  try {
    const descriptors = Object.entries(messages).map(
      ([id, message]) =>
        `  ${JSON.stringify(id)}: { id: ${JSON.stringify(id)}, defaultMessage: ${JSON.stringify(message)}, description: ${JSON.stringify(descriptionOf(id))} },`,
    );
    const source = path.join(scratch, "messages.ts");
    writeFileSync(source, `defineMessages({\n${descriptors.join("\n")}\n});\n`);
    // The extractor's own shape is its default, which it names by leaving --format out.
    const formatting = format === "default" ? [] : ["--format", format];
    run("extract", source, ...formatting, "--preserve-whitespace", "--throws", "--out-file", file);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** A platform's file back to id -> message, through `formatjs compile` (a message that does not parse is dropped). */
function compiled(file: string, format: string): Messages {
  return JSON.parse(run("compile", file, "--format", format, "--skip-errors", "--ignore-tag")) as Messages;
}

function status() {
  const english = englishMessages();
  let broken = 0;
  console.log(`${Object.keys(english).length} English messages`);
  for (const language of TRANSLATED_LANGUAGES) {
    const problems = catalogProblems(english, readCatalog(language));
    console.log(`${language}: ${problems.missing.length} missing, ${problems.stale.length} stale`);
    for (const [kind, ids] of Object.entries(problems))
      for (const id of ids.slice(0, 20)) console.log(`  ${kind}: ${id}`);
    broken += problems.mismatched.length + problems.extra.length;
  }
  if (broken) process.exitCode = 1;
}

function exportCatalogs() {
  const english = englishMessages();
  mkdirSync(options.out, { recursive: true });
  extractTo(path.join(options.out, "en.json"), english, options.format);
  for (const language of TRANSLATED_LANGUAGES) {
    const { messages, translatedFrom } = readCatalog(language);
    const current = (id: string) => id in messages && translatedFrom[id] === sourceHash(english[id]);
    const chosen = Object.fromEntries(
      Object.keys(english).flatMap((id) =>
        options.todo ? (current(id) ? [] : [[id, english[id]]]) : current(id) ? [[id, messages[id]]] : [],
      ),
    );
    extractTo(path.join(options.out, `${language}.json`), chosen, options.format);
    console.log(`${language}: ${Object.keys(chosen).length} messages -> ${path.join(options.out, `${language}.json`)}`);
  }
}

function importCatalogs() {
  const english = englishMessages();
  const sourceFile = path.join(options.from, "en.json");
  if (!existsSync(sourceFile)) throw new Error(`${sourceFile}: the English the translations were made from is needed`);
  const translatedFromEnglish = compiled(sourceFile, options.format);
  for (const language of TRANSLATED_LANGUAGES) {
    const file = path.join(options.from, `${language}.json`);
    if (!existsSync(file)) continue;
    const catalog: Catalog = readCatalog(language);
    const incoming = compiled(file, options.format);
    let imported = 0;
    const refused: string[] = [];
    for (const [id, message] of Object.entries(incoming)) {
      const source = translatedFromEnglish[id];
      if (!(id in english) || source === undefined || !message.trim()) continue;
      const check = catalogProblems({ [id]: english[id] }, { messages: { [id]: message }, translatedFrom: {} });
      if (check.mismatched.length) {
        refused.push(...check.mismatched);
        continue;
      }
      catalog.messages[id] = message;
      catalog.translatedFrom[id] = sourceHash(source);
      imported++;
    }
    writeCatalog(language, catalog, english);
    console.log(`${language}: ${imported} messages imported`);
    for (const problem of refused) console.log(`  refused: ${problem}`);
    if (refused.length) process.exitCode = 1;
  }
}

const commands: Record<string, () => void> = { status, export: exportCatalogs, import: importCatalogs };
const command = commands[positionals[0] ?? ""];
if (!command) {
  console.error(`usage: tsx scripts/i18n.ts ${Object.keys(commands).join("|")} [options]`);
  process.exit(2);
}
command();
