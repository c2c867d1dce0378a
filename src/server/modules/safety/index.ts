/** What other modules may use of safety: the block reads (as a service) and the SQL condition a block adds to a query. */

export { emailHash, reportEmailKey, type StoredKeys } from "./email-hash";
export { type BlockReads, notBlocked } from "./repository";
