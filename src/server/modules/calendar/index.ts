/** Calendars: an event as an .ics file, and each person's secret subscription feed of their events. */
export { calendarFile } from "./ics";
export { calendarRepository } from "./repository";
export { calendarService } from "./service";
