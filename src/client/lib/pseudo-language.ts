// The pseudo-language: every message accented and a third longer, between ⟦ ⟧. A test run in it finds any
// text that does not come from a catalog (it stays plain ASCII) and any layout a longer language would break.

import { type Catalog, definedTexts, registerParsedMessages } from "@contract/i18n/texts";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { printAST } from "@formatjs/icu-messageformat-parser/printer.js";

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((letter, index) => [
    letter,
    [..."àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][index] ?? letter,
  ]),
);

const accent = (text: string) => [...text].map((char) => ACCENTED[char] ?? char).join("");

function accentLiterals(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) {
      return { ...element, value: accent(element.value) };
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([name, option]) => [
          name,
          { ...option, value: accentLiterals(option.value) },
        ]),
      );
      return { ...element, options };
    }
    return element;
  });
}

const pseudoMessages = new Map<string, string>();
function pseudoMessage(english: string): string {
  let message = pseudoMessages.get(english);
  if (message === undefined) {
    const body = english.includes("{")
      ? printAST(accentLiterals(parse(english, { ignoreTag: true })))
      : accent(english);
    message = `⟦${body}${"·".repeat(Math.ceil(english.length * 0.3))}⟧`;
    // The app's build ships no parser for the formatter: a message made here is parsed here.
    if (english.includes("{")) registerParsedMessages({ [message]: parse(message, { ignoreTag: true }) });
    pseudoMessages.set(english, message);
  }
  return message;
}

/** A value a message names (a person's name, a place) in the pseudo-language, so only untranslated text stays ASCII. */
export const pseudoValue = accent;

/** Every message, as its texts are loaded, in the pseudo-language. */
export function pseudoCatalog(): Catalog {
  return new Proxy({} as Catalog, {
    get(_, id: string) {
      const dot = typeof id === "string" ? id.indexOf(".") : -1;
      const english = dot > 0 ? definedTexts(id.slice(0, dot))?.[id.slice(dot + 1)] : undefined;
      return english === undefined ? undefined : pseudoMessage(english);
    },
  });
}
