/** The early-access list: people who ask for a code before they have one (not an event's waitlist). */
export { earlyAccessRepository, forgetEarlyAccessEntry } from "./repository";
export { earlyAccessService } from "./service";
