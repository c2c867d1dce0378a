/** The public waitlist. */
export { type WaitlistRepository, waitlistRepository } from "./repository";
export { type WaitlistService, waitlistService } from "./service";
