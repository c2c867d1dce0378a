// What other modules' statements may read of the notifications module's rows; only this module writes them.

/** The account's data export lists the person's notices and notice settings. */
export { notificationPreferences, notifications } from "./schema";
