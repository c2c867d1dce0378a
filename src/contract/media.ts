import { z } from "zod";
import { defineTexts } from "./i18n/texts";
import { UPLOAD_URL_PATTERN } from "./media-urls";

export { type ImageWidth, uploadIdOf } from "./media-urls";

/**
 * Events, groups and profiles show only photos uploaded to Link (`/api/uploads/{id}`,
 * the id checked to be the caller's by the server), never a third-party URL that would track viewers.
 */
export const uploadedImageSchema = (what: string) =>
  z.string().trim().regex(UPLOAD_URL_PATTERN, `${what} must be a photo uploaded to Link`);

export const UPLOAD_TEXTS = defineTexts("upload", {
  unreadable: "The photo could not be read",
  tooManyPixels: "The photo is too large (more than 50 megapixels)",
});
