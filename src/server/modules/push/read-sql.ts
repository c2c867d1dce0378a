// What other modules' statements may read of the push module's rows; only this module writes them.

/** The account's data export lists the person's devices. */
export { pushSubscriptions } from "./schema";
