import { HttpError } from "../../http/http-error";
import { randomBytes } from "node:crypto";
import { PHOTO_MAX_BYTES } from "../../../contract/limits";
import { UPLOAD_CONTENT_TYPES } from "../../../contract/users";
import type { UploadsRepository } from "./repository";

type ContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** The bytes each allowed type starts with: the declared type must match the content, so nothing else is served as an image. */
const SIGNATURES: Record<ContentType, (b: Buffer) => boolean> = {
  "image/png": (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/webp": (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
};

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/;

export function uploadsService(repo: UploadsRepository) {
  return {
    async store(userId: number, dataUrl: string) {
      const match = DATA_URL.exec(dataUrl);
      if (!match) throw new HttpError(400, "The photo must be a base64 data URL");
      const contentType = match[1] === "image/jpg" ? "image/jpeg" : match[1];
      if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(contentType)) {
        throw new HttpError(415, "Only PNG, JPEG and WebP photos are accepted");
      }
      const bytes = Buffer.from(match[2], "base64");
      if (bytes.length > PHOTO_MAX_BYTES) throw new HttpError(413, "The photo is larger than 2 MB");
      if (!SIGNATURES[contentType as ContentType](bytes)) {
        throw new HttpError(400, "The photo's content does not match its type");
      }
      const id = randomBytes(16).toString("base64url");
      await repo.insert({ id, userId, contentType, data: match[2] });
      return { id, url: `/api/uploads/${id}` };
    },
    async load(id: string) {
      const row = await repo.find(id);
      return row ? { contentType: row.contentType, bytes: Buffer.from(row.data, "base64") } : null;
    },
  };
}
