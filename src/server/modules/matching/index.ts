/**
 * People to meet at an event: what each person offers and seeks there, who is suggested to whom and why (the
 * ranking), and the one-to-one meetings they book, with their notices, reminders and calendar entries.
 */
export { matchingRepository, optInEveryoneGoing } from "./repository";
export { matchingService } from "./service";
export { createMeetingReminderWorker } from "./worker";
