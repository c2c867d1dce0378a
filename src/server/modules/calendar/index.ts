export { calendarRepository } from "./repository";
export { calendarRoutes } from "./routes";
export { calendarService } from "./service";
