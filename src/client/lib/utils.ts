import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets a later Tailwind utility win over an earlier conflicting one. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** First letter of the full name for avatar fallbacks (Else "U"). */
// Whole graphemes, so a letter with its marks ("क्", "é" typed as e + accent) stays one initial. Made at the
// first initial, not when the module loads: building a segmenter took ~10 ms of a phone's first screen.
let graphemes: Intl.Segmenter | undefined;

/**
 * The avatar initial: the first letter of the name in the name's own script ("ד" for דנה, "김" for 김민준),
 * skipping what is not a letter (a leading direction mark, a bracket, an emoji); "U" when there is none.
 */
export function initialOf(fullName: string | null | undefined) {
  const name = fullName?.normalize("NFC").trim() ?? "";
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const { segment } of graphemes.segment(name)) {
    if (/^\p{L}/u.test(segment)) return segment.toLocaleUpperCase();
  }
  return "U";
}

/** First word of the full name, used by the welcome toasts. */
export function firstNameOf(fullName: string | null | undefined) {
  return fullName?.trim().split(/\s+/)[0] ?? "";
}
