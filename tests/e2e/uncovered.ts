import type { Locator } from "@playwright/test";

/**
 * Whether every corner and the middle of `target` are `target` (or inside it) to a tap: nothing on top of it.
 * The corners are taken 10 px in, past rounded corners: hit testing follows border-radius.
 */
export async function uncovered(target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inset = 10;
    const points = [
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
      [box.left + box.width / 2, box.top + box.height / 2],
    ];
    return points.every(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && element.contains(hit);
    });
  });
}
