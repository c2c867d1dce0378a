import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { API_TEXTS } from "#contract/api-texts";
import { type MessageValues, messageKey } from "#contract/i18n/texts";
import {
  IMAGE_MAX_PIXELS,
  IMAGE_WEBP_QUALITY,
  IMAGE_WIDTHS,
  PHOTO_MAX_BYTES,
  UPLOAD_BYTES_PER_DAY,
  UPLOADS_PER_HOUR,
} from "#contract/limits";
import { type ImageWidth, UPLOAD_TEXTS, uploadIdOf } from "#contract/media";
import { UPLOAD_CONTENT_TYPES } from "#contract/users";
import { HttpError } from "#server/http/http-error";
import type { UploadsRepository, UploadUsage } from "./repository";

type ContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** The bytes each allowed type starts with: the declared type must match the content before any decoder sees it. */
const SIGNATURES: Record<ContentType, (b: Buffer) => boolean> = {
  "image/png": (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/webp": (b) =>
    b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
};

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/;

/** A 429 that says when to come back (the route turns retryAfterS into Retry-After). */
export class QuotaError extends HttpError {
  constructor(
    statusCode: number,
    code: string,
    values: MessageValues,
    readonly retryAfterS: number,
  ) {
    super(statusCode, code, values);
  }
}

const MB = 1024 * 1024;

/** Photos per hour and bytes per day, per user; the window's oldest upload says when room frees up. */
function checkQuota(usage: UploadUsage, incomingBytes: number, now = new Date()) {
  if (usage.lastHourCount >= UPLOADS_PER_HOUR) {
    const seconds = Math.max(
      1,
      Math.ceil(((usage.lastHourOldest?.getTime() ?? now.getTime()) + 3_600_000 - now.getTime()) / 1000),
    );
    throw new QuotaError(
      429,
      messageKey(API_TEXTS, "uploadsPerHour"),
      { count: UPLOADS_PER_HOUR, minutes: Math.ceil(seconds / 60) },
      seconds,
    );
  }
  if (usage.lastDayBytes + incomingBytes > UPLOAD_BYTES_PER_DAY) {
    const seconds = Math.max(
      1,
      Math.ceil(((usage.lastDayOldest?.getTime() ?? now.getTime()) + 86_400_000 - now.getTime()) / 1000),
    );
    throw new QuotaError(
      413,
      messageKey(API_TEXTS, "uploadBytesPerDay"),
      { megabytes: UPLOAD_BYTES_PER_DAY / MB, hours: Math.ceil(seconds / 3600) },
      seconds,
    );
  }
}

/**
 * The picture pipeline. Turned upright from its EXIF orientation, then re-encoded to
 * WebP at each width; sharp writes no metadata unless asked, so EXIF (GPS included), XMP and ICC
 * comments of the original never reach storage.
 */
export async function toWebpVariants(input: Buffer): Promise<Array<{ width: ImageWidth; data: Buffer }>> {
  try {
    const upright = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" }).rotate();
    const { width = 0, height = 0 } = await upright.metadata();
    if (width * height > IMAGE_MAX_PIXELS) throw new HttpError(413, messageKey(UPLOAD_TEXTS, "tooManyPixels"));
    return await Promise.all(
      IMAGE_WIDTHS.map(async (w) => ({
        width: w,
        data: await upright
          .clone()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: IMAGE_WEBP_QUALITY })
          .toBuffer(),
      })),
    );
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, messageKey(UPLOAD_TEXTS, "unreadable"));
  }
}

export function uploadsService({ repo }: { repo: UploadsRepository }) {
  return {
    async store(userId: number, dataUrl: string) {
      const match = DATA_URL.exec(dataUrl);
      if (!match) throw new HttpError(400, messageKey(API_TEXTS, "photoNotDataUrl"));
      const contentType = match[1] === "image/jpg" ? "image/jpeg" : match[1];
      if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(contentType)) {
        throw new HttpError(415, messageKey(API_TEXTS, "photoType"));
      }
      const bytes = Buffer.from(match[2], "base64");
      if (bytes.length > PHOTO_MAX_BYTES) throw new HttpError(413, messageKey(API_TEXTS, "photoTooLarge"));
      if (!SIGNATURES[contentType as ContentType](bytes)) {
        throw new HttpError(400, messageKey(API_TEXTS, "photoMismatch"));
      }
      // Checked before the encoder runs (so a flood costs no CPU) and again under the lock as it is stored.
      checkQuota(await repo.usage(userId, new Date()), bytes.length);
      const variants = await toWebpVariants(bytes);
      const id = randomBytes(16).toString("base64url");
      await repo.insertWithinQuota({ id, userId, byteSize: bytes.length, variants }, (usage) =>
        checkQuota(usage, bytes.length),
      );
      return { id, url: `/api/uploads/${id}` };
    },

    /** The WebP bytes of one size (the largest by default); photos from before the pipeline are re-encoded on first read. */
    async load(id: string, width: ImageWidth = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]) {
      const stored = await repo.findVariant(id, width);
      if (stored) return stored;
      const legacy = await repo.findLegacy(id);
      if (legacy == null) return null;
      const variants = await toWebpVariants(Buffer.from(legacy, "base64")).catch(() => null);
      if (!variants) return null;
      await repo.replaceLegacy(id, variants);
      return variants.find((v) => v.width === width)?.data ?? null;
    },

    /** An event, group or profile may show only a photo its author uploaded, never another user's. */
    async assertOwnImage(userId: number, url: string | null | undefined, refusalCode: string) {
      if (!url) return;
      if (!(await repo.belongsTo(uploadIdOf(url), userId))) throw new HttpError(400, refusalCode);
    },
  };
}
export type UploadsService = ReturnType<typeof uploadsService>;
