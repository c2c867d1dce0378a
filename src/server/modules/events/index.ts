/**
 * Events: making, editing and canceling them, and the shared reads
 * of an event and of a person's answer (`findEvent`, `findParticipant`), which other modules receive from
 * compose.ts rather than reading the tables themselves.
 */
export { clipRanges, freeRanges, freeWindow } from "./calendar";
export { eventsRepository, giveBackSeats, takeSeats } from "./repository";
export type { EventRow } from "./schema";
export { eventsService, toEvent } from "./service";
