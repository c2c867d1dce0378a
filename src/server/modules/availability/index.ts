/** A person's published free time slots. */
export { availabilityRepository, markedDaysOf } from "./repository";
export { type AvailabilityService, availabilityService } from "./service";
