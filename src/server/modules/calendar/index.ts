/** Calendars: the one .ics builder (an event's file, every feed), and each person's secret subscription feed. */
export { calendarFile } from "./ics";
export { calendarRepository } from "./repository";
export { calendarService } from "./service";
