// Uploaded photos' URLs, apart from the schemas: every screen showing a photo reads them without loading
// zod. media.ts and users.ts re-export what the server and the contract still name through it.
import { IMAGE_WIDTHS } from "./limits";

/** Where POST /api/uploads serves a stored photo; the only image source a profile may point at. */
export const UPLOAD_URL_PATTERN = /^\/api\/uploads\/[A-Za-z0-9_-]{16,64}$/;

export { IMAGE_WIDTHS };
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

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
