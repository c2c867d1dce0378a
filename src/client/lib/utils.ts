import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets a later Tailwind utility win over an earlier conflicting one. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** First letter of the full name for avatar fallbacks (spec 02 §2: else "U"). */
export function initialOf(fullName: string | null | undefined) {
  const letter = fullName?.trim().charAt(0);
  return letter ? letter.toUpperCase() : "U";
}

/** First word of the full name, used by the welcome toasts (spec 01 §8). */
export function firstNameOf(fullName: string | null | undefined) {
  return fullName?.trim().split(/\s+/)[0] ?? "";
}
