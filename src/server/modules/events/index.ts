/**
 * Events: making, editing and canceling them, and the shared read of an event (`findEvent`), which other
 * modules receive from compose.ts rather than reading the table themselves.
 */
export { clipRanges, freeRanges, freeWindow } from "./calendar";
export { eventsRepository, giveBackSeats, takeSeats } from "./repository";
export type { EventRow } from "./schema";
export { eventsService, toEvent } from "./service";
