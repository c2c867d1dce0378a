// What other modules' statements may read of the discover module's rows; only this module writes them.

/** The account's data export lists the person's swipes. */
export { eventInteractions } from "./schema";
