/** The public waitlist. */
export { forgetWaitlistEntry, waitlistRepository } from "./repository";
export { waitlistService } from "./service";
