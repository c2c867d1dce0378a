/** The public waitlist. */
export { waitlistRepository } from "./repository";
export { waitlistService } from "./service";
