// What other modules' statements may read of events' conversations; only this module writes them.

/** A group's list tells an event's guests' conversation apart by its link row. */
export { eventConversations } from "./schema";
