export { calendarRepository } from "./repository";
export { calendarService } from "./service";
