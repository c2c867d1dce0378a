import { parse } from "@formatjs/icu-messageformat-parser";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { parsedMessagesOf, precompiledCatalog } from "./precompiled-messages";

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

describe("precompiledCatalog", () => {
  it("ships a message with arguments as its tree and a plain one as its text", () => {
    const going = "{count, plural, one {# persona} other {# personas}}";
    expect(precompiledCatalog({ "events.going": going, "signIn.logIn": "Entrar" })).toEqual({
      "events.going": parse(going, { ignoreTag: true }),
      "signIn.logIn": "Entrar",
    });
  });
});
