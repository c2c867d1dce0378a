export { remindersRepository } from "./repository";
export { REMINDER_LATE_MS, reminderZone, remindersService } from "./service";
export { createReminderWorker, type ReminderWorker } from "./worker";
