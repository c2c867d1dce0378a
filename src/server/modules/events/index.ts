/** What other modules may use of events: the event as the API shows it, and the free-time rules. */
export { clipRanges, freeRanges, freeWindow } from "./calendar";
export { toEvent } from "./service";
