// What other modules' statements may read of the uploads module's rows; only this module writes them.

/** A profile picture is an upload of its owner's; the account's export lists one's uploads. */
export { uploads } from "./schema";
