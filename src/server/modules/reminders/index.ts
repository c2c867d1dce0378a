// The reminders module's public entry: an event_reminder notification a chosen number of minutes before an event.
export { remindersRepository } from "./repository";
export { REMINDER_LATE_MS, remindersService, reminderZone } from "./service";
export { createReminderWorker, type ReminderWorker } from "./worker";
