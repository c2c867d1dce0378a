import type { Page } from "@playwright/test";

/**
 * Text a longer language pushes out of its place: the page wider than the screen, a visible text whose box cuts it
 * off without an ellipsis saying so (overflow hidden or clip, no text-overflow, no line clamp), or a text that
 * starts or ends outside the screen while no scrolling row holds it. A title cut with "…" on purpose is not
 * counted; a label whose last letters vanish is. Each finding names the text and by how many pixels.
 */
export async function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    const pageOverflow = document.documentElement.scrollWidth - width;
    if (pageOverflow > 0) found.push(`the page is ${pageOverflow}px wider than the screen`);

    const visible = (element: Element) => {
      if (element.closest("[hidden], [aria-hidden='true'], .sr-only")) return false;
      const style = getComputedStyle(element);
      return style.visibility !== "hidden" && style.display !== "none" && element.getClientRects().length > 0;
    };
    const inScroller = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === "auto" || overflowX === "scroll") return true;
      }
      return false;
    };
    /** A box that hides what spills out of it, without an ellipsis or a line clamp saying so. */
    const clips = (element: Element) => {
      const style = getComputedStyle(element);
      if (style.overflowX !== "hidden" && style.overflowX !== "clip") return false;
      return style.textOverflow !== "ellipsis" && style.webkitLineClamp === "none";
    };
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim() ?? "";
      if (!text || !element || seen.has(element) || !visible(element)) continue;
      seen.add(element);
      const label = text.slice(0, 60);
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0) continue;
      // The nearest box that hides part of the text (a button, a chip, a card).
      for (let box: Element | null = element; box && box !== document.body; box = box.parentElement) {
        if (!clips(box)) continue;
        const inner = box.getBoundingClientRect();
        const spill = Math.max(rect.right - inner.right, inner.left - rect.left);
        if (spill > 1) {
          found.push(`"${label}" is cut off by ${Math.round(spill)}px`);
          break;
        }
      }
      if ((rect.right > width + 1 || rect.left < -1) && !inScroller(element))
        found.push(
          `"${label}" runs off the screen (${Math.round(rect.left)}..${Math.round(rect.right)} of ${width}px)`,
        );
    }
    return found;
  });
}
