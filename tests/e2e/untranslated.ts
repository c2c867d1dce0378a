import type { Page } from "@playwright/test";

/**
 * Every text a person can see or hear on the page that no catalog wrote, in the pseudo-language: there every
 * catalog message is accented (no plain ASCII letters), so a word of plain ASCII letters is text written in
 * code. People's own words (names, titles, messages) sit inside `dir="auto"` (they keep their own direction)
 * or `translate="no"` (the brand, a language's own name), and are not counted. Dates and zone names come from
 * Intl and the zone table, which the pseudo-language leaves in English.
 */
export async function untranslatedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const INTL_WORDS = new Set(
      "Mon Tue Wed Thu Fri Sat Sun Monday Tuesday Wednesday Thursday Friday Saturday Sunday Jan Feb Mar Apr May Jun Jul Aug Sep Sept Oct Nov Dec January February March April June July August September October November December AM PM".split(
        " ",
      ),
    );
    const excused = (element: Element | null) =>
      !element ||
      element.closest('[dir="auto"], [translate="no"], script, style, noscript, code, pre, [data-sonner-toaster] svg');
    const visible = (element: Element) => {
      if (element.closest("[hidden], [aria-hidden='true']") && !element.closest(".sr-only")) return false;
      const style = getComputedStyle(element);
      return style.visibility !== "hidden" && style.display !== "none" && element.getClientRects().length > 0;
    };
    const plainWords = (text: string) =>
      (text.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !INTL_WORDS.has(word) && !/^[A-Z]{2,5}$/.test(word));
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim() ?? "";
      if (!text || excused(element) || !element || !visible(element)) continue;
      if (plainWords(text).length > 0) found.add(text.slice(0, 80));
    }
    for (const element of document.body.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")) {
      if (excused(element)) continue;
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const value = element.getAttribute(name);
        if (value && plainWords(value).length > 0) found.add(`${name}="${value.slice(0, 80)}"`);
      }
    }
    return [...found];
  });
}
