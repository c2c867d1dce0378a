// What other modules' statements may read of events; only this module writes them (`going_count` too, as
// participants asks: takeSeats, giveBackSeats). Who may see an event is not here but in modules/visibility.

/** Every module that shows an event, or joins one to its own rows (answers, reports, plans), reads its row. */
export { events } from "./schema";
