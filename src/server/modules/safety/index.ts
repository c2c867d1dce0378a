/**
 * Blocks, reports and moderation. Safety stores blocks; what a block hides is the visibility module's rule.
 */
export { reportEmailKey, type StoredKeys } from "./report-email-key";
export { blocksAndReportsBy, markReportsAboutDeleted, safetyRepository } from "./repository";
export { safetyService } from "./service";
