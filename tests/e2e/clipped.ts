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
      // Walk out through the boxes that hide what spills: one that cuts the text without an ellipsis is a finding;
      // what a box hides (an ellipsis, a clamp) is off the page no more, and a scrolling row may hold more.
      let left = rect.left;
      let right = rect.right;
      let scrolls = false;
      for (let box: Element | null = element; box && box !== document.body; box = box.parentElement) {
        const overflowX = getComputedStyle(box).overflowX;
        if (overflowX === "auto" || overflowX === "scroll") {
          scrolls = true;
          break;
        }
        if (overflowX !== "hidden" && overflowX !== "clip") continue;
        const inner = box.getBoundingClientRect();
        const spill = Math.max(right - inner.right, inner.left - left);
        if (spill > 1 && clips(box)) {
          found.push(`"${label}" is cut off by ${Math.round(spill)}px`);
          break;
        }
        left = Math.max(left, inner.left);
        right = Math.min(right, inner.right);
      }
      if (!scrolls && (right > width + 1 || left < -1))
        found.push(`"${label}" runs off the screen (${Math.round(left)}..${Math.round(right)} of ${width}px)`);
    }
    return found;
  });
}
