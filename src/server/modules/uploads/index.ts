/** Photos people upload (avatars, covers, group pictures), stored as WebP widths under a quota. */
export { isUploadOf, uploadsOf, uploadsRepository } from "./repository";
export { toWebpVariants, type UploadsService, uploadsService } from "./service";
