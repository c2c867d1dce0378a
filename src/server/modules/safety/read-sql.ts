// What other modules' statements may read of blocks and reports; only this module writes them.

/** Visibility applies blocks in every statement; the account's export lists one's blocks and reports. */
export { reports, userBlocks } from "./schema";
