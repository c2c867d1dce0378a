import { parse } from "@formatjs/icu-messageformat-parser";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { parsedMessagesOf } from "./precompiled-messages";

describe("parsedMessagesOf", () => {
  it("parses a module's ICU messages as the formatter would, and only those", () => {
    const program = parseAst(`
      export const TEXTS = defineTexts("sample", {
        going: "{count, plural, one {# person going} other {# people going}}",
        plain: "Sign in",
        brace: "a { b",
      });
      if (message.includes("{")) format(message);
    `);
    const message = "{count, plural, one {# person going} other {# people going}}";
    expect(parsedMessagesOf(program)).toEqual({ [message]: parse(message, { ignoreTag: true }) });
  });
});
