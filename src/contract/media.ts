import { z } from "zod";
import { IMAGE_WIDTHS } from "./limits";
import { UPLOAD_URL_PATTERN } from "./users";

export { IMAGE_WIDTHS };
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * Events, groups and profiles show only photos uploaded to Link (`/api/uploads/{id}`,
 * the id checked to be the caller's by the server), never a third-party URL that would track viewers.
 */
export const uploadedImageSchema = (what: string) =>
  z.string().trim().regex(UPLOAD_URL_PATTERN, `${what} must be a photo uploaded to Link`);

/** The upload id inside an uploaded image's URL. */
export function uploadIdOf(url: string): string {
  return url.slice(url.lastIndexOf("/") + 1);
}

/** One re-encoded size of an upload; the bare URL serves the largest. */
export function uploadVariantUrl(url: string, width: ImageWidth): string {
  return `${url}/${width}`;
}

/** The `srcset` for an uploaded image: the browser picks the smallest size that fills the slot. */
export function uploadSrcSet(url: string): string {
  return IMAGE_WIDTHS.map((w) => `${uploadVariantUrl(url, w)} ${w}w`).join(", ");
}

export const UPLOAD_TEXTS = {
  unreadable: "The photo could not be read",
  tooManyPixels: "The photo is too large (more than 50 megapixels)",
} as const;
