// What other modules' statements may read of the chat module's rows; only this module writes them.

/** Groups count each conversation's unread messages and show its last ones; safety finds a reported message. */
export { chatMessages } from "./schema";
