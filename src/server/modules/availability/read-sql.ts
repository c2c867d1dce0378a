// What other modules' statements may read of the availability module's rows; only this module writes them.

/** The account's data export lists the days a person marked. */
export { availability } from "./schema";
