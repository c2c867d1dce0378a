// What other modules' statements may read of the chat module's rows; only this module writes them.

/** Groups show each conversation's last message, safety shows a reported message, the export lists one's own. */
export { chatMessages } from "./schema";
