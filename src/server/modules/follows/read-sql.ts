// What other modules' statements may read of follows; only this module writes them.

/** A host's public page counts its followers. */
export { follows } from "./schema";
