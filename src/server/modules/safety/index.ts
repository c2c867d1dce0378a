/**
 * Blocks, reports and moderation. Safety is the one owner of blocks: other modules receive the block reads
 * (`BlockReads`) from the composition root, or add `notBlocked` to a query of their own.
 */
export { reportEmailKey, type StoredKeys } from "./report-email-key";
export { type BlockReads, emailHash, markReportsAboutDeleted, notBlocked, safetyRepository } from "./repository";
export { safetyService } from "./service";
