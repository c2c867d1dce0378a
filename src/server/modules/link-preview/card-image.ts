import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { LINK_IMAGE_HEIGHT, LINK_IMAGE_WIDTH } from "#contract/api-texts";
import { COVER_KINDS, type CoverKind } from "#contract/event-sharing";
import { IMAGE_MAX_PIXELS } from "#contract/limits";
import { UPLOAD_URL_PATTERN, uploadIdOf } from "#contract/media-urls";

/**
 * Link cards' pictures as chat apps show them: WhatsApp, iMessage, Slack and Facebook draw no SVG, so a card
 * points at /link-images/{key}.jpg, a 1200 x 630 JPEG drawn with sharp from an uploaded photo (upload-{id}) or
 * a cover illustration (illustration-{kind}), each drawn once and then kept in memory.
 */
export const LINK_IMAGE_KEY = new RegExp(
  `^(upload-[A-Za-z0-9_-]{16,64}|illustration-(?:${COVER_KINDS.join("|")}))\\.jpg$`,
);

/** How many drawn pictures are kept (about 100 KB each); the oldest drawn goes first. */
const KEPT_MAX = 64;

/** The card picture's path for a page's picture: an uploaded photo's URL, else the illustration of `kind`. */
export function linkImagePath(picture: string | null | undefined, kind: CoverKind) {
  return picture && UPLOAD_URL_PATTERN.test(picture)
    ? `/link-images/upload-${uploadIdOf(picture)}.jpg`
    : `/link-images/illustration-${kind}.jpg`;
}

export function linkImages({
  uploadBytes,
  illustrationFile,
}: {
  /** An uploaded photo's stored bytes, or null when there is no such upload. */
  uploadBytes: (id: string) => Promise<Buffer | null>;
  /** The built SVG of a cover illustration on disk, or undefined when the build has none. */
  illustrationFile: (kind: CoverKind) => Promise<string | undefined>;
}) {
  const kept = new Map<string, Promise<Buffer | null>>();

  async function source(key: string): Promise<{ input: Buffer; svg: boolean } | null> {
    if (key.startsWith("upload-")) {
      const bytes = await uploadBytes(key.slice("upload-".length, -".jpg".length));
      return bytes && { input: bytes, svg: false };
    }
    const file = await illustrationFile(key.slice("illustration-".length, -".jpg".length) as CoverKind);
    return file ? { input: await readFile(file), svg: true } : null;
  }

  async function draw(key: string): Promise<Buffer | null> {
    const found = await source(key);
    if (!found) return null;
    const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" as const };
    let image = sharp(found.input, options);
    if (found.svg) {
      // Drawn at a density that makes it at least as big as the card, so it is sharp rather than scaled up.
      const { width = LINK_IMAGE_WIDTH, height = LINK_IMAGE_HEIGHT } = await image.metadata();
      const scale = Math.max(LINK_IMAGE_WIDTH / width, LINK_IMAGE_HEIGHT / height, 1);
      image = sharp(found.input, { ...options, density: Math.min(72 * scale, 2400) });
    }
    return image
      .flatten({ background: "#ffffff" })
      .resize(LINK_IMAGE_WIDTH, LINK_IMAGE_HEIGHT, { fit: "cover" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  }

  return {
    /** Whether the picture of `key` is drawn already (then serving it costs nothing). */
    isKept: (key: string) => kept.has(key),
    /** The JPEG of `key` (LINK_IMAGE_KEY), or null when its photo or illustration does not exist. */
    async picture(key: string): Promise<Buffer | null> {
      let drawn = kept.get(key);
      if (!drawn) {
        drawn = draw(key).catch(() => null);
        kept.set(key, drawn);
        if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value as string);
      }
      const bytes = await drawn;
      // A missing picture may appear later (an upload, a build): only what was drawn is kept.
      if (!bytes) kept.delete(key);
      return bytes;
    },
  };
}
