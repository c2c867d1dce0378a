// The client's build parses every ICU message where it is written (a defineTexts call, a language's catalog
// file), so the browser formats them without FormatJS's parser: the parser and its skeleton parser are the
// largest part of the formatter. English texts stay strings, as the tests and the server read them, with their
// trees registered beside them; a catalog's chunk holds each message with arguments as its tree instead of its
// text. Vitest, the dev server and the server parse at run time.
import { readFileSync } from "node:fs";
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

/** A catalog file (id -> ICU message) as its chunk ships it: a message with arguments parsed, the rest as it is. */
export function precompiledCatalog(messages: Readonly<Record<string, string>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => [
      id,
      message.includes("{") ? parse(message, { ignoreTag: true }) : message,
    ]),
  );
}

/**
 * `registry` is the module that formats messages (src/contract/i18n/texts.ts): it exports
 * `registerParsedMessages`, which every module calling `defineTexts` calls with its parsed messages; `catalogs`
 * matches the catalog files, loaded precompiled; intl-messageformat is built against the parser's types alone
 * (`no-parser`).
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
      // Still JSON, which Vite's own JSON plugin then makes a module of.
      name: "link-precompiled-catalogs",
      apply: "build",
      enforce: "pre",
      load(id) {
        if (!catalogs.test(id)) return null;
        return JSON.stringify(precompiledCatalog(JSON.parse(readFileSync(id, "utf8"))));
      },
    },
    {
      // After TypeScript is stripped, so the module parses as JavaScript.
      name: "link-precompiled-messages",
      apply: "build",
      transform(code, id) {
        if (id === registry || !/\.tsx?$/.test(id) || !code.includes("defineTexts(")) return null;
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
