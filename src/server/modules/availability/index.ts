/** A person's published free time slots. */
export { availabilityRepository } from "./repository";
export { type AvailabilityService, availabilityService } from "./service";
