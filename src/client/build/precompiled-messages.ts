// The client's build parses every ICU message where it is written (a defineTexts call, a language's catalog)
// and ships the syntax trees beside the texts, so the browser formats them without FormatJS's parser: the
// parser and its skeleton parser are the largest part of the formatter. The texts stay strings, as the tests,
// the server and `localize` read them; Vitest, the dev server and the server parse at run time as before.
import { type MessageFormatElement, parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

/** The messages among a module's string literals that need formatting, by their text, parsed as `formatMessage` would. */
export function parsedMessagesOf(program: unknown): Record<string, MessageFormatElement[]> {
  const parsed: Record<string, MessageFormatElement[]> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== "object") return;
    const { type, value } = node as { type?: unknown; value?: unknown };
    if (type === "Literal" && typeof value === "string" && value.includes("{") && !(value in parsed)) {
      try {
        parsed[value] = parse(value, { ignoreTag: true });
      } catch {
        // Not an ICU message (a brace in code): left to run time, where it is never formatted.
      }
      return;
    }
    for (const child of Object.values(node)) visit(child);
  };
  visit(program);
  return parsed;
}

/**
 * `registry` is the module that formats messages (src/contract/i18n/texts.ts): it exports
 * `registerParsedMessages`, which every module calling `defineTexts` and every module of `catalogs` calls with
 * its parsed messages; intl-messageformat is built against the parser's types alone (`no-parser`).
 */
export function precompiledMessages({ registry, catalogs }: { registry: string; catalogs: RegExp }): Plugin[] {
  return [
    {
      // Before Vite's own resolver, which would find the package's parser first.
      name: "link-formatter-without-parser",
      apply: "build",
      enforce: "pre",
      resolveId(source, importer, options) {
        if (source !== "@formatjs/icu-messageformat-parser" || !importer?.includes("/node_modules/intl-messageformat/"))
          return null;
        return this.resolve("@formatjs/icu-messageformat-parser/no-parser.js", importer, {
          ...options,
          skipSelf: true,
        });
      },
    },
    {
      // After TypeScript is stripped, so the module parses as JavaScript.
      name: "link-precompiled-messages",
      apply: "build",
      transform(code, id) {
        if (id === registry || !/\.tsx?$/.test(id) || !(code.includes("defineTexts(") || catalogs.test(id)))
          return null;
        const parsed = parsedMessagesOf(this.parse(code));
        if (Object.keys(parsed).length === 0) return null;
        return {
          code: `${code}\nimport { registerParsedMessages as __registerParsedMessages } from ${JSON.stringify(registry)};\n__registerParsedMessages(${JSON.stringify(parsed)});\n`,
          map: null,
        };
      },
    },
  ];
}
