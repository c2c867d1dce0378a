export { remindersRepository } from "./repository";
export { REMINDER_LATE_MS, remindersService, reminderZone } from "./service";
export { createReminderWorker, type ReminderWorker } from "./worker";
