// What other modules' statements may read of blocks; only this module writes them.

/** Visibility applies blocks in every statement that reads people or events. */
export { userBlocks } from "./schema";
