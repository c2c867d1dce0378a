/** Hosting an event: co-hosts, questions and plus-ones, the guest list, updates to guests, check-in. */
export { hostingRepository } from "./repository";
export { hostingRoutes } from "./routes";
export { checkResponse, type HostingService, hostingColumns, hostingService, seesGuestList } from "./service";
