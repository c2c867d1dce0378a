// The reminders module's public entry: an event_reminder notification a chosen number of minutes before an event.
export { remindersRepository } from "./repository";
export { remindersService } from "./service";
export { createReminderWorker } from "./worker";
