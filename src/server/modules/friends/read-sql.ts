// What other modules' statements may read of the friends module's rows; only this module writes them.

/** The account's data export lists the person's friendships. */
export { friendships } from "./schema";
