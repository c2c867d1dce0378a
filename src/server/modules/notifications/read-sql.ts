// What other modules' statements may read of the notifications module's rows; only this module writes them.

/** The account's data export lists the notices a person may still open, by visibility's rule. */
export { notifications } from "./schema";
