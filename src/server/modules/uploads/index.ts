/** Photos people upload (avatars, covers, group pictures), stored as WebP widths under a quota. */
export { uploadsRepository } from "./repository";
export { toWebpVariants, type UploadsService, uploadsService } from "./service";
