// What other modules' statements may read of people's answers to events; only this module writes them
// (and has events count the seats taken). Who may see an answer is not here but in modules/visibility.

/** An event's page, its hosts' guest list and the account's export (events one answered) read who answered. */
export { eventParticipants } from "./schema";
